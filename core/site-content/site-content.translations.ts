import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { sanitizePostHtml } from "../blogs/blogs.sanitize.ts";
import { htmlText } from "../blogs/blogs.schema.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { isTranslationLocale, type TranslationLocale } from "../translations/translations.schema.ts";
import { createVersionStore, type VersionedDocument } from "../versions/versions.ts";
import { SITE_CONTENT_KIND } from "./site-content.kind.ts";
import {
  SITE_CONTENT_MESSAGES,
  SITE_SECTIONS,
  type SiteContent,
  type SiteSection,
  THANK_YOU_MESSAGE_MAX,
} from "./site-content.schema.ts";
import type { SiteContentService } from "./site-content.service.ts";
import { applySiteTranslation, type SiteTextField, siteTextFields } from "./site-content.translation-fields.ts";

/**
 * The Amharic version of each site-content section (docs/decisions/0420-content-translations.md): a
 * versioned document of its own, `("site-content:am", section)`, holding `{ key: text }` (a list
 * item named by its id, docs/decisions/0506: "faq.question-where.answer"), drafted, published and
 * versioned through core/versions exactly like the English section.
 */

const TEXT_MAX = 10_000;
/** Texts whose Amharic is held to the English's own limit (a fund's thank-you message, 0840). */
const LIMITS: Record<string, number> = { thankYouMessage: THANK_YOU_MESSAGE_MAX };
const AUDIT_ENTITY = "site-content";

export const kindOf = (locale: TranslationLocale) => `${SITE_CONTENT_KIND}:${locale}`;

const SaveSchema = z.object({
  revision: z.number({ error: SITE_CONTENT_MESSAGES.revision }).int().min(0),
  fields: z.record(z.string(), z.string().max(TEXT_MAX, `Please keep each text under ${TEXT_MAX} characters.`)),
});
const RevisionSchema = z.object({ revision: z.number({ error: SITE_CONTENT_MESSAGES.revision }).int().min(0) });

export interface SiteTranslationEditorState {
  section: SiteSection;
  locale: TranslationLocale;
  /** Every text of the section's English working copy, in form order. */
  fields: SiteTextField[];
  draft: Record<string, string>;
  published: Record<string, string>;
  revision: number;
  hasUnpublishedChanges: boolean;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  publishedAt: string | null;
  publishedBy: string | null;
}

/** The section's content as an Amharic page shows it, with the paths left in English. */
export type LocalisedSiteContent = SiteContent & { englishPaths: Record<SiteSection, string[]> };

const asTexts = (value: unknown): Record<string, string> =>
  value && typeof value === "object"
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      )
    : {};

export interface SiteContentTranslationsDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  purgePublicCaches: PurgePublicCaches;
  siteContent: SiteContentService;
}

export function createSiteContentTranslations({
  db,
  clock,
  audit,
  purgePublicCaches,
  siteContent,
}: SiteContentTranslationsDeps) {
  const store = createVersionStore({ clock, staleMessage: SITE_CONTENT_MESSAGES.stale });

  function names(sectionName: string, locale: string): { section: SiteSection; locale: TranslationLocale } {
    if (!(SITE_SECTIONS as readonly string[]).includes(sectionName)) {
      throw new NotFoundError(SITE_CONTENT_MESSAGES.unknownSection);
    }
    if (!isTranslationLocale(locale)) throw new NotFoundError("There is no such language.");
    return { section: sectionName as SiteSection, locale };
  }

  async function editorState(
    section: SiteSection,
    locale: TranslationLocale,
    document?: VersionedDocument | null,
  ): Promise<SiteTranslationEditorState> {
    const stored = document === undefined ? await store.get(db, kindOf(locale), section) : document;
    const english = await siteContent.editor(section);
    const published = asTexts(stored?.published);
    const draft = stored?.draft == null ? published : asTexts(stored.draft);
    return {
      section,
      locale,
      fields: siteTextFields(english.draft),
      draft,
      published,
      revision: stored?.revision ?? 0,
      hasUnpublishedChanges: JSON.stringify(draft) !== JSON.stringify(published),
      draftSavedAt: stored?.draftSavedAt ?? null,
      draftSavedBy: stored?.draftSavedBy ?? null,
      publishedAt: stored?.publishedAt ?? null,
      publishedBy: stored?.publishedBy ?? null,
    };
  }

  return {
    editor(sectionName: string, locale: string) {
      const { section, locale: language } = names(sectionName, locale);
      return editorState(section, language);
    },

    /** Saves the working copy of the translation (the public sees nothing yet); revision-checked. */
    async saveDraft(sectionName: string, locale: string, body: unknown, actor: Actor) {
      const { section, locale: language } = names(sectionName, locale);
      const { revision, fields } = parseInput(SaveSchema, body);
      const english = siteTextFields((await siteContent.editor(section)).draft);
      const texts: Record<string, string> = {};
      for (const field of english) {
        const raw = fields[field.key]?.trim() ?? "";
        const value = field.rich ? sanitizePostHtml(raw) : raw;
        const limit = LIMITS[field.key.split(".").pop() ?? ""];
        if (limit !== undefined && value.length > limit) {
          const problem = `${field.label}: please keep this under ${limit} characters`;
          throw new ValidationError(problem, { [field.key]: problem });
        }
        if (field.rich ? htmlText(value) : value) texts[field.key] = value;
      }
      const document = await db.transaction().execute(async (trx) => {
        const saved = await store.saveDraft(trx, kindOf(language), section, texts, { revision, actor });
        await audit.record(trx, actor, {
          action: "update",
          entity: AUDIT_ENTITY,
          entityId: section,
          fields: Object.keys(texts).map((key) => `${language}.${key}`),
          values: { locale: language, revision: saved.revision },
        });
        return saved;
      });
      return editorState(section, language, document);
    },

    /** Publishes the working copy the editor saw as a new version; Amharic pages show it at once. */
    async publish(sectionName: string, locale: string, body: unknown, actor: Actor) {
      const { section, locale: language } = names(sectionName, locale);
      const { revision } = parseInput(RevisionSchema, body);
      const document = await db.transaction().execute(async (trx) => {
        const { document, version } = await store.publish(trx, kindOf(language), section, { revision, actor });
        await audit.record(trx, actor, {
          action: "publish",
          entity: AUDIT_ENTITY,
          entityId: section,
          values: { locale: language, version: version.number },
        });
        return document;
      });
      await purgePublicCaches();
      return editorState(section, language, document);
    },

    /**
     * What the public sees in `locale`: the published English with each published translated text in
     * its place, and per section the paths left in English (English pages: the content unchanged).
     */
    async published(locale: string): Promise<LocalisedSiteContent> {
      const english = await siteContent.published();
      const englishPaths = Object.fromEntries(SITE_SECTIONS.map((s) => [s, [] as string[]])) as Record<
        SiteSection,
        string[]
      >;
      if (!isTranslationLocale(locale)) return { ...english, englishPaths };
      const documents = await store.listDocuments(db, kindOf(locale));
      const translated = new Map(documents.map((document) => [document.key, asTexts(document.published)]));
      const out = { ...english } as Record<SiteSection, unknown>;
      for (const section of SITE_SECTIONS) {
        const applied = applySiteTranslation(english[section], translated.get(section) ?? {});
        out[section] = applied.content;
        englishPaths[section] = applied.englishPaths;
      }
      return { ...(out as SiteContent), englishPaths };
    },
  };
}
