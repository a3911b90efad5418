import { LANGUAGE_CODES, LANGUAGE_NAMES, LOCALES, localizePath } from "../../../core/i18n/locale";
import { useI18n } from "../../i18n/i18n";

/**
 * Links to the same page in the other language (docs/decisions/0410), named in that language. Plain
 * links: they work without JavaScript; the islands' script remembers the choice on click
 * (app/islands/language-choice.ts).
 */
export function LanguageSwitcher({
  path,
  compact = false,
  className = "",
}: {
  /** The page's path without its language prefix (and its query). */
  path: string;
  /** Only the link to the other language (the header's bar has little room at 375 px). */
  compact?: boolean;
  className?: string;
}) {
  const { locale, t } = useI18n();
  return (
    <nav aria-label={t("language.label")} className={className}>
      <ul className="flex items-center gap-1">
        {LOCALES.filter((other) => !compact || other !== locale).map((other) => (
          <li key={other}>
            {other === locale ? (
              <span aria-current="true" lang={other} className="px-2 py-1 font-semibold">
                {LANGUAGE_NAMES[other]}
              </span>
            ) : (
              <a
                href={localizePath(path, other)}
                hrefLang={other}
                lang={other}
                data-language={other}
                // Compact, below 640 px: the short name shows, the full one is the link's name (it contains the short one).
                aria-label={compact ? LANGUAGE_NAMES[other] : undefined}
                className="inline-block rounded px-1.5 py-1 underline underline-offset-4 hover:no-underline sm:px-2"
              >
                {compact ? (
                  <>
                    <span className="sm:hidden">{LANGUAGE_CODES[other]}</span>
                    <span className="max-sm:hidden">{LANGUAGE_NAMES[other]}</span>
                  </>
                ) : (
                  LANGUAGE_NAMES[other]
                )}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
