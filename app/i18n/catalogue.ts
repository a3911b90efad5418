import { LOCALES, type Locale } from "../../core/i18n/locale";
import { AM_ERRORS, am } from "./am";
import { en, type MessageKey } from "./en";
import type { I18nData, Messages } from "./i18n";

/**
 * The message catalogues by language, for the server (docs/decisions/0410). A page renders with
 * its language's catalogue over the English one; its islands get only the areas islands draw
 * (ISLAND_AREAS), in that one language, inside the page (app/islands/island-page.tsx).
 */
export const CATALOGUES: Record<Locale, Messages> = { en, am };
/**
 * English message → the language's, for texts that reach a page in English: the schemas' and the
 * API's messages (AM_ERRORS), and the toasts', which a form's server-side answer repeats.
 */
const translatedToasts = (catalogue: Messages) =>
  Object.fromEntries(
    (Object.keys(en) as MessageKey[])
      .filter((key) => key.startsWith("toast.") && catalogue[key])
      .map((key) => [en[key], catalogue[key] as string]),
  );
const ERRORS: Record<Locale, Record<string, string>> = { en: {}, am: { ...translatedToasts(am), ...AM_ERRORS } };

/** The areas (a key's first part) whose texts an island draws in the browser. */
export const ISLAND_AREAS = [
  "language",
  "nav",
  "header",
  "logo",
  "common",
  "forms",
  "toast",
  "contact",
  "volunteer",
  "newsletter",
  "newsletterLink",
  "donation",
  "extras",
  "birr",
  "receipt",
  "gallery",
  "lightbox",
  "category",
  "carousel",
  "board",
  "video",
] as const;

const KEYS = Object.keys(en) as MessageKey[];

/** Keys of the English catalogue a language lacks (the completeness test lists them). */
export function missingMessages(locale: Locale): MessageKey[] {
  return KEYS.filter((key) => !CATALOGUES[locale][key]);
}

const full = new Map<Locale, I18nData>(
  LOCALES.map((locale) => [locale, { locale, messages: { ...en, ...CATALOGUES[locale] }, errors: ERRORS[locale] }]),
);

/** Everything a page in this language needs to render on the server; missing messages fall back to English. */
export function i18nData(locale: Locale): I18nData {
  return full.get(locale) as I18nData;
}

const islandKey = (key: string) => (ISLAND_AREAS as readonly string[]).includes(key.split(".")[0] ?? "");

const forIslands = new Map<Locale, I18nData>(
  LOCALES.map((locale) => {
    const { messages, errors } = i18nData(locale);
    const islandMessages = Object.fromEntries(Object.entries(messages).filter(([key]) => islandKey(key)));
    return [locale, { locale, messages: islandMessages, errors }];
  }),
);

/** What a page ships to its islands: one language's island texts and validation messages. */
export function islandI18nData(locale: Locale): I18nData {
  return forIslands.get(locale) as I18nData;
}
