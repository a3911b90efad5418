import type { FastifyRequest } from "fastify";
import {
  isTranslationLocale,
  type TranslatableKind,
  type TranslationLocale,
} from "../../core/translations/translations.schema.ts";
import type { TranslationService } from "../../core/translations/translations.service.ts";

/**
 * `?lang=am` on the public reads of content (ours, additive; docs/decisions/0505): the items' text in
 * that language where staff translated it, each field falling back to English, with `locale` and
 * `englishFields` naming the fields left in English (0420's `localise`). Without the parameter, or
 * with a language the site does not translate into, the answer is the spec's, untouched. The
 * language is in the URL, so the API cache (keyed by URL) keeps each language's answer apart.
 */
export function requestedLocale(request: FastifyRequest): TranslationLocale | undefined {
  const { lang } = (request.query ?? {}) as { lang?: unknown };
  return typeof lang === "string" && isTranslationLocale(lang) ? lang : undefined;
}

/** The routes' one helper: items (a list, or one item) in the language the request asks for. */
export function contentLanguage(translations: TranslationService) {
  return {
    async many<T extends { _id: string }>(request: FastifyRequest, kind: TranslatableKind, items: T[]): Promise<T[]> {
      const locale = requestedLocale(request);
      return locale ? translations.localiseMany(kind, items, locale) : items;
    },
    async one<T extends { _id: string }>(request: FastifyRequest, kind: TranslatableKind, item: T): Promise<T> {
      const locale = requestedLocale(request);
      return locale ? translations.localise(kind, item, locale) : item;
    },
  };
}
