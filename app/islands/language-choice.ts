import { isLocale, LANGUAGE_COOKIE, type Locale } from "../../core/i18n/locale";

const ONE_YEAR = 60 * 60 * 24 * 365;

function remember(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name=value; the Cookie Store API is not in every browser yet
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
}

/**
 * Remembers the visitor's language (docs/decisions/0410): following a language link (the header's
 * and footer's switcher, the first visit's suggestion) or dismissing the suggestion sets the
 * cookie, so the suggestion is not made again. One listener for the whole page: the switcher in the
 * footer is plain server-rendered HTML.
 */
export function rememberLanguageChoices() {
  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const link = target?.closest<HTMLElement>("[data-language]");
    if (link && isLocale(link.dataset.language)) remember(link.dataset.language);
    const dismiss = target?.closest<HTMLElement>("[data-language-dismiss]");
    if (!dismiss) return;
    const page = document.documentElement.lang;
    if (isLocale(page)) remember(page);
    dismiss.closest<HTMLElement>("[data-language-suggestion]")?.remove();
  });
}
