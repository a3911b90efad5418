import { createContext, Fragment, type ReactNode, useContext } from "react";
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
  /** A message with elements in it: `rich("receipt.received", { gift: <strong>…</strong> })`. */
  rich: (key: MessageKey, values: Record<string, ReactNode>) => ReactNode;
  /** A site path in the page's language: `path("/about")` is `/am/about` on Amharic pages. */
  path: (path: string) => string;
  /** A category's name (spec §9: gallery and video categories) in the page's language. */
  category: (name: string) => string;
  /** A spec validation or API message (English, as the schemas and the API say it) in the page's language. */
  error: (message: string) => string;
  /**
   * The `lang` of content that is never translated and is written in English (people's names as
   * entered, bank details): `"en"` on a page of another language, none on an English page. Texts
   * that can be translated are marked by what they are: `sitePathLang` / `fieldLang` (decision 0420).
   */
  untranslated: "en" | undefined;
}

/**
 * A message in the page's language by its English text: exactly, or by a template whose
 * `{placeholders}` stand for the numbers in it ("Please keep this under {max} characters").
 */
export function translateError(errors: Record<string, string>, message: string): string {
  const exact = errors[message];
  if (exact !== undefined) return exact;
  for (const [english, translated] of Object.entries(errors)) {
    if (!english.includes("{")) continue;
    const names: string[] = [];
    const pattern = english
      .split(/\{(\w+)\}/)
      .map((part, index) => {
        if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(part);
        return "(\\d+)";
      })
      .join("");
    const match = new RegExp(`^${pattern}$`).exec(message);
    if (match)
      return format(translated, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""])));
  }
  return message;
}

export function i18nFrom(data: I18nData): I18n {
  return {
    locale: data.locale,
    // A key the island was not sent shows as itself: the islands journey catches it as a hydration change.
    t: (key, values) => format(data.messages[key] ?? key, values),
    path: (path) => localizePath(path, data.locale),
    rich: (key, values) => {
      // Texts and numbers go into the words; only elements split them, and no empty text is drawn
      // (an island hydrates the server's nodes one by one: Preact would add a text node for "").
      const texts = Object.fromEntries(
        Object.entries(values).filter((entry): entry is [string, string | number] =>
          ["string", "number"].includes(typeof entry[1]),
        ),
      );
      return format(data.messages[key] ?? key, texts)
        .split(/\{(\w+)\}/)
        .map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message, in order
          <Fragment key={index}>{index % 2 === 1 ? (values[part] ?? `{${part}}`) : part || null}</Fragment>
        ));
    },
    category: (name) => data.messages[`category.${name}` as MessageKey] ?? name,
    error: (message) => translateError(data.errors, message),
    untranslated: data.locale === "en" ? undefined : "en",
  };
}

/** The page's language, its messages and its paths; on the server and in islands alike. */
export function useI18n(): I18n {
  return i18nFrom(useContext(I18nContext));
}
