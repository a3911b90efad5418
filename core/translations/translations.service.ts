import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import { sanitizePostHtml } from "../blogs/blogs.sanitize.ts";
import { htmlText } from "../blogs/blogs.schema.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError } from "../shared/errors.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import { TRANSLATION_SOURCES, type TranslationSource } from "./translation-sources.ts";
import * as repo from "./translations.repository.ts";
import {
  type ContentLocale,
  countedFields,
  isTranslatableKind,
  isTranslationLocale,
  type Localised,
  TRANSLATABLE_FIELDS,
  TRANSLATION_MESSAGES,
  type TranslatableKind,
  type TranslationCoverage,
  type TranslationLocale,
  type TranslationState,
  translationInputSchema,
} from "./translations.schema.ts";

/**
 * Other-language versions of content items (docs/decisions/0420-content-translations.md). Staff
 * read and write a translation as it is stored (never filled in from English); public pages ask for
 * an item `localise`d, which falls back to English field by field and names the fields it did.
 */

/** Rich text is the blog editor's HTML: sanitised when stored and again when read, like the English. */
function cleaned(kind: TranslatableKind, fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of TRANSLATABLE_FIELDS[kind]) {
    const value = fields[field.name] ?? "";
    if (field.input !== "rich") out[field.name] = value;
    else {
      const html = sanitizePostHtml(value);
      out[field.name] = htmlText(html) ? html : "";
    }
  }
  return out;
}

function coverageOf(kind: TranslatableKind, translated: number): TranslationCoverage {
  if (translated === 0) return "missing";
  return translated >= countedFields(kind).length ? "complete" : "partial";
}

export interface TranslationServiceDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  purgePublicCaches: PurgePublicCaches;
  sources?: Record<TranslatableKind, TranslationSource>;
}

export function createTranslationService({
  db,
  clock,
  audit,
  purgePublicCaches,
  sources = TRANSLATION_SOURCES,
}: TranslationServiceDeps) {
  function kindOf(name: string): TranslatableKind {
    if (!isTranslatableKind(name)) throw new NotFoundError(TRANSLATION_MESSAGES.unknownKind);
    return name;
  }
  function localeOf(name: string): TranslationLocale {
    if (!isTranslationLocale(name)) throw new NotFoundError(TRANSLATION_MESSAGES.unknownLocale);
    return name;
  }
  async function englishOf(kind: TranslatableKind, id: string, from: Db = db) {
    const english = isRecordId(id) ? await sources[kind].english(from, id) : undefined;
    if (!english) throw new NotFoundError(TRANSLATION_MESSAGES.notFound);
    return english;
  }

  async function state(kind: TranslatableKind, id: string, locale: TranslationLocale): Promise<TranslationState> {
    const english = await englishOf(kind, id);
    const stored = await repo.findFields(db, kind, id, locale);
    const fields = cleaned(kind, stored.fields);
    const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
    return {
      kind,
      id,
      locale,
      fields: present,
      english,
      coverage: coverageOf(kind, countedFields(kind).filter((name) => name in present).length),
      updatedAt: stored.updatedAt,
      updatedBy: stored.updatedBy,
    };
  }

  /** Items of a kind with their translated fields in `locale`, applied over the English. */
  async function localiseMany<T extends { _id: string }>(
    kindName: TranslatableKind,
    items: readonly T[],
    locale: ContentLocale,
  ): Promise<Localised<T>[]> {
    if (locale === "en") return items.map((item) => ({ ...item, locale, englishFields: [] }));
    const translations = await repo.findFieldsOfItems(
      db,
      kindName,
      items.map((item) => item._id),
      locale,
    );
    return items.map((item) => {
      const translated = cleaned(kindName, translations.get(item._id) ?? {});
      const out: Record<string, unknown> = { ...item, locale };
      const englishFields: string[] = [];
      for (const { name } of TRANSLATABLE_FIELDS[kindName]) {
        if (!(name in item)) continue; // a summary without its content
        if ((item as Record<string, unknown>)[name] === "") continue; // nothing in English either (a picture undescribed)
        if (translated[name]) out[name] = translated[name];
        else englishFields.push(name);
      }
      // A gallery picture's Amharic description is kept beside its English one, per picture
      // (docs/decisions/0883-amharic-picture-descriptions.md); the English one where it has none.
      // A fallback is named `imageAlts.N` in `englishFields`, so the page marks it English.
      const altsAm = (item as { imageAltsAm?: unknown }).imageAltsAm;
      if (Array.isArray(altsAm) && Array.isArray(out.imageAlts))
        out.imageAlts = out.imageAlts.map((alt: string, index: number) => {
          if (altsAm[index]) return altsAm[index];
          if (alt) englishFields.push(`imageAlts.${index}`);
          return alt;
        });
      return { ...(out as T), locale, englishFields };
    });
  }

  return {
    /** One item's translation for the back office (404 for an unknown kind, language or item). */
    async get(kind: string, id: string, locale: string): Promise<TranslationState> {
      return state(kindOf(kind), id, localeOf(locale));
    },

    /**
     * Replaces an item's translation in one language. Empty fields have none (the page shows the
     * English). Audited like an edit of the item, with the fields named `am.title`…; purges the caches.
     */
    async save(kindName: string, id: string, locale: string, body: unknown, actor: Actor): Promise<TranslationState> {
      const kind = kindOf(kindName);
      const language = localeOf(locale);
      const input = cleaned(kind, parseInput(translationInputSchema(kind), body).fields as Record<string, string>);
      const changedAny = await db.transaction().execute(async (trx) => {
        await englishOf(kind, id, trx);
        const before = cleaned(kind, (await repo.findFields(trx, kind, id, language)).fields);
        const changed = fieldsChanged(before, input);
        if (changed.length === 0) return false;
        await repo.replaceFields(trx, kind, id, language, input, clock().toISOString(), actor.email);
        await sources[kind].afterWrite?.(trx, id);
        await audit.record(trx, actor, {
          action: "update",
          entity: kind,
          entityId: id,
          fields: changed.map((field) => `${language}.${field}`),
          values: { locale: language },
        });
        return true;
      });
      if (changedAny) await purgePublicCaches();
      return state(kind, id, language);
    },

    /**
     * How far each item of a kind is translated into `locale`, for the admin lists; items without
     * any translation are absent (they are `missing`).
     */
    async coverage(kindName: string, locale: string): Promise<Record<string, TranslationCoverage>> {
      const kind = kindOf(kindName);
      const counts = await repo.countFields(db, kind, localeOf(locale), countedFields(kind));
      return Object.fromEntries([...counts].map(([id, count]) => [id, coverageOf(kind, count)]));
    },

    /**
     * An item as a page in `locale` shows it: each translated field in that language, the others in
     * English and named in `englishFields` (the page marks them `lang="en"`). English pages get the
     * item unchanged. Only for items the caller may show: this never checks the publishing state.
     */
    async localise<T extends { _id: string }>(kind: TranslatableKind, item: T, locale: ContentLocale) {
      return (await localiseMany(kind, [item], locale))[0] as Localised<T>;
    },

    localiseMany,
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
