import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { sanitizePostHtml } from "../blogs/blogs.sanitize.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { ImageInput } from "../media/image-input.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { createVersionStore, type VersionedDocument, type VersionSummary } from "../versions/versions.ts";
import { DEFAULT_SITE_CONTENT } from "./site-content.defaults.ts";
import { imagesWithPaths } from "./site-content.images.ts";
import { withItemIds } from "./site-content.item-ids.ts";
import { SITE_CONTENT_KIND } from "./site-content.kind.ts";
import {
  isSiteSection,
  RevisionRequestSchema,
  SaveRequestSchema,
  SECTION_SCHEMAS,
  type SectionEditorState,
  SITE_CONTENT_MESSAGES,
  SITE_SECTIONS,
  type SiteContent,
  type SiteSection,
} from "./site-content.schema.ts";

/** How the audit log names a section. */
const AUDIT_ENTITY = "site-content";

/**
 * Rich-text fields hold the blog editor's HTML and are sanitised like posts: when stored and again
 * when read (docs/decisions/0011-post-html-sanitised-twice.md).
 */
function sanitized<S extends SiteSection>(section: S, content: SiteContent[S]): SiteContent[S] {
  if (section === "home") {
    const home = content as SiteContent["home"];
    return { ...home, introText: sanitizePostHtml(home.introText) } as SiteContent[S];
  }
  if (section === "about") {
    const about = content as SiteContent["about"];
    return {
      ...about,
      story: sanitizePostHtml(about.story),
      founder: { ...about.founder, story: sanitizePostHtml(about.founder.story) },
    } as SiteContent[S];
  }
  return content;
}

/**
 * Rich text whose every word was markup the site removes (a script, a style) passed the schema but is
 * empty once sanitised: saved, the section would no longer read as valid and would show its
 * defaults. So the sanitised section is checked again, and a field it fails is refused on that field.
 */
function refuseEmptiedRichText<S extends SiteSection>(section: S, content: SiteContent[S]): void {
  const result = SECTION_SCHEMAS[section].safeParse(content);
  if (result.success) return;
  const message = SITE_CONTENT_MESSAGES.richTextEmptied;
  throw new ValidationError(message, Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), message])));
}

/**
 * A section as stored, re-read with today's schema; fields added since it was saved take their
 * defaults, and list items stored without an id get the one the ids migration would have given them.
 */
function readStored<S extends SiteSection>(section: S, stored: unknown): SiteContent[S] {
  if (stored === null || typeof stored !== "object") return DEFAULT_SITE_CONTENT[section];
  const result = SECTION_SCHEMAS[section].safeParse(
    withItemIds(section, { ...DEFAULT_SITE_CONTENT[section], ...stored }),
  );
  if (!result.success) {
    // Only a schema change that tightened a rule can get here; the site keeps working on its defaults.
    console.error(`site content: stored "${section}" no longer valid`, result.error.issues.slice(0, 3));
    return DEFAULT_SITE_CONTENT[section];
  }
  return sanitized(section, result.data as SiteContent[S]);
}

export interface SiteContentVersion<S extends SiteSection = SiteSection> extends VersionSummary {
  content: SiteContent[S];
}

/** Consent for pictures (core/consent): checked before a section is published, recorded at upload. */
export interface PictureConsent {
  assertPublishable(
    trx: Db,
    urls: readonly string[],
    labels?: ReadonlyArray<{ name: string; field: string }>,
  ): Promise<void>;
  recordSent(
    trx: Db,
    image: { url: string; sent: unknown; field: string },
    actor: Actor,
    entityId: string,
  ): Promise<void>;
}

const NO_CONSENT_CHECKS: PictureConsent = { assertPublishable: async () => {}, recordSent: async () => {} };

export interface SiteContentServiceDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  media: MediaService;
  purgePublicCaches: PurgePublicCaches;
  consent?: PictureConsent;
  /**
   * Runs in the publishing transaction with what just went live, for records that depend on a
   * setting (birr gifts waiting for the first rate).
   */
  afterPublish?: (trx: Db, published: Partial<SiteContent>, actor: Actor) => Promise<void>;
}

export function createSiteContentService({
  db,
  clock,
  audit,
  media,
  purgePublicCaches,
  consent = NO_CONSENT_CHECKS,
  afterPublish,
}: SiteContentServiceDeps) {
  const store = createVersionStore({ clock, staleMessage: SITE_CONTENT_MESSAGES.stale });

  function sectionOf(name: string): SiteSection {
    if (!isSiteSection(name)) throw new NotFoundError(SITE_CONTENT_MESSAGES.unknownSection);
    return name;
  }

  function editorState<S extends SiteSection>(section: S, document: VersionedDocument | null): SectionEditorState<S> {
    const published = readStored(section, document?.published ?? null);
    const draft = document?.draft == null ? published : readStored(section, document.draft);
    return {
      section,
      draft,
      published,
      revision: document?.revision ?? 0,
      hasUnpublishedChanges: JSON.stringify(draft) !== JSON.stringify(published),
      draftSavedAt: document?.draftSavedAt ?? null,
      draftSavedBy: document?.draftSavedBy ?? null,
      publishedAt: document?.publishedAt ?? null,
      publishedBy: document?.publishedBy ?? null,
      lastVersion: document?.lastVersion ?? 0,
    };
  }

  const versionNumber = (value: string): number => {
    const number = /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(number)) throw new NotFoundError(SITE_CONTENT_MESSAGES.unknownVersion);
    return number;
  };

  return {
    /** What the public sees: every section's published content (its defaults until first published). */
    async published(): Promise<SiteContent> {
      const documents = await store.listDocuments(db, SITE_CONTENT_KIND);
      const stored = new Map(documents.map((document) => [document.key, document.published]));
      return Object.fromEntries(
        SITE_SECTIONS.map((section) => [section, readStored(section, stored.get(section) ?? null)]),
      ) as SiteContent;
    },

    /** One section for the back office: its working copy, what is published, and the revision to save against. */
    async editor(name: string): Promise<SectionEditorState> {
      const section = sectionOf(name);
      return editorState(section, await store.get(db, SITE_CONTENT_KIND, section));
    },

    /** Saves the working copy (the public sees nothing yet). A stale revision is refused with a 409. */
    async saveDraft(name: string, body: unknown, actor: Actor): Promise<SectionEditorState> {
      const section = sectionOf(name);
      const { revision, content } = parseInput(SaveRequestSchema, body);
      // An item sent without an id (a new one from an API client) gets one; the form sends each item's.
      const parsed = sanitized(
        section,
        parseInput(SECTION_SCHEMAS[section], withItemIds(section, content)) as SiteContent[typeof section],
      );
      refuseEmptiedRichText(section, parsed);
      // A picture is owned only once a draft names it: one uploaded and left unsaved past the leftover
      // sweep's hour is gone. Say so on its field rather than save a draft that shows a missing file.
      const gone = await media.missingImages(imagesWithPaths(parsed));
      if (gone.length > 0) {
        throw new ValidationError(
          SITE_CONTENT_MESSAGES.pictureGone,
          Object.fromEntries(gone.map(({ path }) => [path, SITE_CONTENT_MESSAGES.pictureGone])),
        );
      }
      const document = await db.transaction().execute(async (trx) => {
        const saved = await store.saveDraft(trx, SITE_CONTENT_KIND, section, parsed, { revision, actor });
        await audit.record(trx, actor, {
          action: "update",
          entity: AUDIT_ENTITY,
          entityId: section,
          values: { revision: saved.revision },
        });
        return saved;
      });
      return editorState(section, document);
    },

    /** Publishes the working copy the editor saw (revision-checked) as a new version; the public sees it at once. */
    async publish(name: string, body: unknown, actor: Actor): Promise<SectionEditorState> {
      const section = sectionOf(name);
      const { revision } = parseInput(RevisionRequestSchema, body);
      const document = await db.transaction().execute(async (trx) => {
        let current = revision;
        if (current === 0) {
          // Never saved: what the editor saw were the defaults, and that is what goes live.
          current = (
            await store.saveDraft(trx, SITE_CONTENT_KIND, section, DEFAULT_SITE_CONTENT[section], { revision, actor })
          ).revision;
        }
        // Every uploaded picture of what goes live needs consent (the drawn illustrations do not).
        const draft = (await store.get(trx, SITE_CONTENT_KIND, section))?.draft ?? null;
        const pictures = imagesWithPaths(readStored(section, draft)).filter(
          (image) => !image.url.startsWith("/images/"),
        );
        await consent.assertPublishable(
          trx,
          pictures.map((picture) => picture.url),
          pictures.map((picture) => ({ name: `The picture at ${picture.path}`, field: picture.path })),
        );
        const { document, version } = await store.publish(trx, SITE_CONTENT_KIND, section, {
          revision: current,
          actor,
        });
        await audit.record(trx, actor, {
          action: "publish",
          entity: AUDIT_ENTITY,
          entityId: section,
          values: { version: version.number },
        });
        await afterPublish?.(trx, { [section]: readStored(section, document.published) }, actor);
        return document;
      });
      await purgePublicCaches();
      return editorState(section, document);
    },

    /** The kept versions, newest first (at most 50). */
    async versions(name: string): Promise<{ versions: VersionSummary[] }> {
      const section = sectionOf(name);
      return { versions: await store.listVersions(db, SITE_CONTENT_KIND, section) };
    },

    async version(name: string, number: string): Promise<SiteContentVersion> {
      const section = sectionOf(name);
      const version = await store.getVersion(db, SITE_CONTENT_KIND, section, versionNumber(number));
      if (!version) throw new NotFoundError(SITE_CONTENT_MESSAGES.unknownVersion);
      const { snapshot, ...summary } = version;
      return { ...summary, content: readStored(section, snapshot) };
    },

    /** Puts a kept version back into the working copy, to preview and publish as a new version. */
    async restore(name: string, number: string, body: unknown, actor: Actor): Promise<SectionEditorState> {
      const section = sectionOf(name);
      const wanted = versionNumber(number);
      const { revision } = parseInput(RevisionRequestSchema, body);
      const document = await db.transaction().execute(async (trx) => {
        const restored = await store.restore(trx, SITE_CONTENT_KIND, section, wanted, { revision, actor });
        if (!restored) throw new NotFoundError(SITE_CONTENT_MESSAGES.unknownVersion);
        await audit.record(trx, actor, {
          action: "update",
          entity: AUDIT_ENTITY,
          entityId: section,
          values: { restoredVersion: wanted, revision: restored.revision },
        });
        return restored;
      });
      return editorState(section, document);
    },

    /**
     * A picture for a section's form, through the one media pipeline. It belongs to no section until a
     * draft names it; until then the leftover sweep may remove it after an hour.
     */
    async uploadImage(input: ImageInput, actor: Actor, sentConsent?: unknown): Promise<StoredImage> {
      const image = await media.storeImage(input, { folder: "site" });
      try {
        await db.transaction().execute(async (trx) => {
          await consent.recordSent(trx, { url: image.url, sent: sentConsent, field: "imageConsent" }, actor, image.url);
          await audit.record(trx, actor, { action: "create", entity: "site-content-image", entityId: image.url });
        });
      } catch (error) {
        await media.removeImage(image);
        throw error;
      }
      return image;
    },
  };
}

export type SiteContentService = ReturnType<typeof createSiteContentService>;
