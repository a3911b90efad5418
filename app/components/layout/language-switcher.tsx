import { LANGUAGE_NAMES, LOCALES, type Locale, localizePath } from "../../../core/i18n/locale";
import { useI18n } from "../../i18n/i18n";

/**
 * The link to the same page in `locale`, named in that language. A plain link: it works without
 * JavaScript; the islands' script remembers the choice on click (app/islands/language-choice.ts).
 */
export function LanguageLink({ path, locale, className = "" }: { path: string; locale: Locale; className?: string }) {
  return (
    <a href={localizePath(path, locale)} hrefLang={locale} lang={locale} data-language={locale} className={className}>
      {LANGUAGE_NAMES[locale]}
    </a>
  );
}

/** The page's other language: the header's bar and its mobile menu hold this one link. */
export function OtherLanguageLink({ path, className = "" }: { path: string; className?: string }) {
  const { locale } = useI18n();
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  return <LanguageLink path={path} locale={other} className={className} />;
}

/** Every language, the current one marked (docs/decisions/0410): the footer's switcher. */
export function LanguageSwitcher({
  path,
  className = "",
}: {
  /** The page's path without its language prefix (and its query). */
  path: string;
  className?: string;
}) {
  const { locale, t } = useI18n();
  return (
    <nav aria-label={t("language.label")} className={className}>
      <ul className="flex items-center gap-1">
        {LOCALES.map((other) => (
          <li key={other}>
            {other === locale ? (
              <span aria-current="true" lang={other} className="px-2 py-1 font-semibold">
                {LANGUAGE_NAMES[other]}
              </span>
            ) : (
              <LanguageLink
                path={path}
                locale={other}
                className="inline-block rounded px-2 py-1 underline underline-offset-4 hover:no-underline"
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
