import { createContext, type ReactNode, useContext } from "react";
import { DEFAULT_LOCALE, type Locale, localizePath } from "../../core/i18n/locale";
// Types only: the catalogues themselves never reach the browser's islands (docs/decisions/0410).
import type { MessageKey } from "./en";

export type { MessageKey };
export type Messages = Partial<Record<MessageKey, string>>;
export type MessageValues = Record<string, string | number>;

/**
 * What a page (server) or an island (browser) knows of its language: the locale, the messages, and
 * the translations of the spec's validation messages, keyed by their English text.
 */
export interface I18nData {
  locale: Locale;
  messages: Messages;
  /** English validation/API message → this language's; empty for English. */
  errors: Record<string, string>;
}

const I18nContext = createContext<I18nData>({ locale: DEFAULT_LOCALE, messages: {}, errors: {} });

export function I18nProvider({ value, children }: { value: I18nData; children: ReactNode }) {
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** Fills `{name}` placeholders. */
export function format(text: string, values?: MessageValues): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface I18n {
  locale: Locale;
  /** The message for a key in the page's language (the catalogue falls back to English). */
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A site path in the page's language: `path("/about")` is `/am/about` on Amharic pages. */
  path: (path: string) => string;
  /** A spec validation or API message (English, as the schemas and the API say it) in the page's language. */
  error: (message: string) => string;
}

export function i18nFrom(data: I18nData): I18n {
  return {
    locale: data.locale,
    // A key the island was not sent shows as itself: the islands journey catches it as a hydration change.
    t: (key, values) => format(data.messages[key] ?? key, values),
    path: (path) => localizePath(path, data.locale),
    error: (message) => data.errors[message] ?? message,
  };
}

/** The page's language, its messages and its paths; on the server and in islands alike. */
export function useI18n(): I18n {
  return i18nFrom(useContext(I18nContext));
}
