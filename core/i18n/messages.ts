import { am } from "../../app/i18n/am.ts";
import { en, type MessageKey } from "../../app/i18n/en.ts";
import type { Locale } from "./locale.ts";

/**
 * The site's one message catalogue (app/i18n/en.ts and am.ts, docs/decisions/0410) for what the
 * server writes outside a page, e.g. an e-mail to a visitor in the language of the page they asked
 * from (docs/decisions/0507). A message the language lacks is the English one; `{name}` placeholders
 * are filled from `values`.
 */
const CATALOGUES: Record<Locale, Partial<Record<MessageKey, string>>> = { en, am };

export function message(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const text = CATALOGUES[locale][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
