import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import { type EmailSeriesName, SERIES_TITLES } from "../email-series/email-series.schema.ts";
import { imageSourcesOf, imagesOf, withoutPicture, withPictureReplaced } from "../newsletters/newsletter-html.ts";
import type { NewsletterState } from "../newsletters/newsletters.constants.ts";
import { imagesWithPaths } from "../site-content/site-content.images.ts";
import { SITE_CONTENT_KIND } from "../site-content/site-content.kind.ts";
import { SECTION_TITLES, type SiteSection } from "../site-content/site-content.schema.ts";
import { type ConsentBasis, type ImageConsent, videoMediaKey } from "./consent.schema.ts";
import type { ImageConsentTable } from "./consent.table.ts";

type Row = Selectable<ImageConsentTable>;

const toConsent = (row: Row): ImageConsent => ({
  imageUrl: row.image_url,
  basis: row.basis as ConsentBasis,
  minor: Number(row.minor) === 1,
  byGuardian: Number(row.by_guardian) === 1,
  givenBy: row.given_by,
  givenOn: row.given_on,
  expiresOn: row.expires_on,
  formReference: row.form_reference,
  recordedAt: row.recorded_at,
  recordedBy: row.recorded_by,
});

export async function findConsents(db: Db, urls: readonly string[]): Promise<Map<string, ImageConsent>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .selectFrom("image_consents")
    .selectAll()
    .where("image_url", "in", [...urls])
    .execute();
  return new Map(rows.map((row) => [row.image_url, toConsent(row)]));
}

export async function upsertConsent(db: Db, consent: ImageConsent): Promise<void> {
  const row = {
    image_url: consent.imageUrl,
    basis: consent.basis,
    minor: consent.minor ? 1 : 0,
    by_guardian: consent.byGuardian ? 1 : 0,
    given_by: consent.givenBy,
    given_on: consent.givenOn,
    expires_on: consent.expiresOn,
    form_reference: consent.formReference,
    recorded_at: consent.recordedAt,
    recorded_by: consent.recordedBy,
  };
  const { image_url: _, ...changes } = row;
  await db
    .insertInto("image_consents")
    .values(row)
    .onConflict((conflict) => conflict.column("image_url").doUpdateSet(changes))
    .execute();
}

export async function deleteConsent(db: Db, url: string): Promise<void> {
  await db.deleteFrom("image_consents").where("image_url", "=", url).execute();
}

/** Consents that end before `date` (exclusive) — `expires_on` is the last day they hold. */
export async function consentsExpiringBefore(db: Db, date: string): Promise<ImageConsent[]> {
  const rows = await db
    .selectFrom("image_consents")
    .selectAll()
    .where("expires_on", "is not", null)
    .where("expires_on", "<", date)
    .orderBy("expires_on")
    .execute();
  return rows.map(toConsent);
}

/** Where an uploaded image is shown: the item that holds it, with its files. */
export interface ImageOwner {
  entity: "blog" | "publication" | "gallery-item" | "video" | "site-content" | "newsletter" | "email-series-step";
  /** The item's id; a site-content section's name. */
  id: string;
  title: string;
  /** Site content: `published` when the public copy shows the picture, else `draft`. */
  status: string;
  /** The image's plain URL; a video's `youtube:<id>` (videoMediaKey). */
  url: string;
  /**
   * The StoredImage JSON; null where the files are not this owner's to delete: a video (YouTube's),
   * a newsletter's picture above its text (the blog post's it was copied from).
   */
  variants: string | null;
  /** The gallery image row (gallery items hold several images). */
  galleryImageId?: string;
  /** Its place among the item's images, from 0. */
  galleryPosition?: number;
  /** Site content: where the form shows the picture ("board.1.image"). */
  path?: string;
  /** Its description, "" when there is none (a video's is its title on YouTube: never ""). */
  alt: string;
  decorative: boolean;
}

/**
 * A site-content picture's description: its own `alt`, or the one its card keeps beside it
 * (`imageAlt` of a slide or a need, `alt` of the story picture).
 */
function siteContentAlt(snapshot: unknown, path: string, image: { alt?: unknown; decorative?: unknown }) {
  let parent: unknown = snapshot;
  for (const part of path.split(".").slice(0, -1)) parent = (parent as Record<string, unknown> | null)?.[part];
  const card = (parent ?? {}) as { imageAlt?: unknown; alt?: unknown };
  const alt = [image.alt, card.imageAlt, card.alt].find((text) => typeof text === "string" && text.trim() !== "");
  return { alt: typeof alt === "string" ? alt : "", decorative: image.decorative === true };
}

/** Pictures of our own storage in site content (the drawn illustrations under /images/ need no consent). */
const isUpload = (url: string) => !url.startsWith("/images/");

/** Every uploaded picture named by site content's drafts and published copies, with its section. */
async function siteContentImages(db: Db, url?: string): Promise<ImageOwner[]> {
  const rows = await db
    .selectFrom("versioned_documents")
    .select(["key", "draft", "published"])
    .where("kind", "=", SITE_CONTENT_KIND)
    .execute();
  const owners: ImageOwner[] = [];
  for (const row of rows) {
    const found = new Map<string, ImageOwner>();
    for (const [json, status] of [
      [row.published, "published"],
      [row.draft, "draft"],
    ] as const) {
      if (json === null) continue;
      const snapshot = JSON.parse(json) as unknown;
      for (const image of imagesWithPaths(snapshot)) {
        if (!isUpload(image.url) || (url && image.url !== url) || found.has(image.url)) continue;
        found.set(image.url, {
          entity: "site-content",
          id: row.key,
          title: `Site content: ${SECTION_TITLES[row.key as SiteSection] ?? row.key}`,
          status,
          url: image.url,
          variants: JSON.stringify(image.stored),
          path: image.path,
          ...siteContentAlt(snapshot, image.path, image.stored as { alt?: unknown; decorative?: unknown }),
        });
      }
    }
    owners.push(...found.values());
  }
  return owners;
}

/** How a newsletter's state reads as an item's: once it goes out (and on the archive) it is public. */
const NEWSLETTER_STATUS: Record<NewsletterState, string> = {
  draft: "draft",
  scheduled: "scheduled",
  sending: "published",
  sent: "published",
};

/**
 * Every picture newsletters show: those inside their text (uploaded in the newsletter editor, the
 * newsletter's own files; in its English and Amharic versions) and the one above the text of a
 * newsletter made from a blog post. docs/decisions/0751-newsletter-pictures-through-consent.md
 */
async function newsletterImages(db: Db, url?: string): Promise<ImageOwner[]> {
  let query = db.selectFrom("newsletters").select(["id", "subject", "state", "content", "content_am", "image_url"]);
  if (url)
    query = query.where((eb) =>
      eb.or([eb("image_url", "=", url), eb("content", "like", `%${url}%`), eb("content_am", "like", `%${url}%`)]),
    );
  const owners: ImageOwner[] = [];
  for (const row of await query.execute()) {
    const base = {
      entity: "newsletter" as const,
      id: row.id,
      title: row.subject,
      status: NEWSLETTER_STATUS[row.state],
    };
    // The picture above the text is the blog post's, described there.
    if (row.image_url && (!url || row.image_url === url)) {
      owners.push({ ...base, url: row.image_url, variants: null, alt: "", decorative: false });
    }
    const html = `${row.content}${row.content_am}`;
    const alts = new Map(imagesOf(html).map((image) => [image.src, image.alt]));
    for (const src of new Set(imageSourcesOf(html))) {
      if (!url || src === url) {
        const variants = JSON.stringify({ url: src });
        owners.push({ ...base, url: src, variants, alt: alts.get(src) ?? "", decorative: false });
      }
    }
  }
  return owners;
}

/**
 * Every picture the steps of the e-mail series show (written in the newsletter editor, in English
 * and Amharic): public while the step is switched on, since any day it may go to a donor.
 */
async function emailSeriesImages(db: Db, url?: string): Promise<ImageOwner[]> {
  let query = db
    .selectFrom("email_series_steps")
    .select(["id", "series", "position", "enabled", "content_en", "content_am"]);
  if (url)
    query = query.where((eb) => eb.or([eb("content_en", "like", `%${url}%`), eb("content_am", "like", `%${url}%`)]));
  const owners: ImageOwner[] = [];
  for (const row of await query.execute()) {
    const html = `${row.content_en}${row.content_am}`;
    const alts = new Map(imagesOf(html).map((image) => [image.src, image.alt]));
    for (const src of new Set(imageSourcesOf(html))) {
      if (url && src !== url) continue;
      owners.push({
        entity: "email-series-step",
        id: row.id,
        title: `${SERIES_TITLES[row.series as EmailSeriesName] ?? row.series}, step ${row.position}`,
        status: Number(row.enabled) === 1 ? "published" : "draft",
        url: src,
        variants: JSON.stringify({ url: src }),
        alt: alts.get(src) ?? "",
        decorative: false,
      });
    }
  }
  return owners;
}

/** Every image of every item (or of published items only), with its owner. */
export async function imagesWithOwners(db: Db, filter: { url?: string; publishedOnly?: boolean } = {}) {
  const owners: ImageOwner[] = [];
  for (const [table, entity] of [
    ["blog_posts", "blog"],
    ["publications", "publication"],
  ] as const) {
    let query = db
      .selectFrom(table)
      .select(["id", "title", "status", "image_url", "image_variants", "image_alt", "image_decorative"]);
    if (filter.url) query = query.where("image_url", "=", filter.url);
    if (filter.publishedOnly) query = query.where("status", "=", "published");
    for (const row of await query.execute()) {
      owners.push({
        entity,
        id: row.id,
        title: row.title,
        status: row.status,
        url: row.image_url,
        variants: row.image_variants,
        alt: row.image_alt ?? "",
        decorative: Number(row.image_decorative) === 1,
      });
    }
  }
  let gallery = db
    .selectFrom("gallery_images")
    .innerJoin("gallery_items", "gallery_items.id", "gallery_images.gallery_item_id")
    .select([
      "gallery_items.id as id",
      "gallery_items.title as title",
      "gallery_items.status as status",
      "gallery_images.id as image_id",
      "gallery_images.url as url",
      "gallery_images.variants as variants",
      "gallery_images.position as position",
      "gallery_images.alt as alt",
      "gallery_images.decorative as decorative",
    ]);
  if (filter.url) gallery = gallery.where("gallery_images.url", "=", filter.url);
  if (filter.publishedOnly) gallery = gallery.where("gallery_items.status", "=", "published");
  for (const row of await gallery.execute()) {
    owners.push({
      entity: "gallery-item",
      id: row.id,
      title: row.title,
      status: row.status,
      url: row.url,
      variants: row.variants,
      galleryImageId: row.image_id,
      galleryPosition: Number(row.position),
      alt: row.alt ?? "",
      decorative: Number(row.decorative) === 1,
    });
  }
  const videoKey = filter.url?.startsWith("youtube:") ? filter.url.slice("youtube:".length) : undefined;
  if (!filter.url || videoKey) {
    let videos = db.selectFrom("videos").select(["id", "title", "status", "youtube_id"]);
    if (videoKey) videos = videos.where("youtube_id", "=", videoKey);
    if (filter.publishedOnly) videos = videos.where("status", "=", "published");
    for (const row of await videos.execute()) {
      owners.push({
        entity: "video",
        id: row.id,
        title: row.title,
        status: row.status,
        url: videoMediaKey(row.youtube_id),
        variants: null,
        alt: row.title,
        decorative: false,
      });
    }
  }
  const site = await siteContentImages(db, filter.url);
  owners.push(...(filter.publishedOnly ? site.filter((image) => image.status === "published") : site));
  const newsletters = await newsletterImages(db, filter.url);
  owners.push(...(filter.publishedOnly ? newsletters.filter((image) => image.status === "published") : newsletters));
  const steps = await emailSeriesImages(db, filter.url);
  owners.push(...(filter.publishedOnly ? steps.filter((image) => image.status === "published") : steps));
  return owners;
}

/** Removes one gallery image row; returns how many images the item has left. */
export async function removeGalleryImage(db: Db, imageId: string, itemId: string): Promise<number> {
  await db.deleteFrom("gallery_images").where("id", "=", imageId).execute();
  const left = await db
    .selectFrom("gallery_images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("gallery_item_id", "=", itemId)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}

const TABLE_OF = {
  blog: "blog_posts",
  publication: "publications",
  "gallery-item": "gallery_items",
  video: "videos",
} as const;

/** Takes an item off the public site (a draft again). */
export async function unpublishItem(db: Db, entity: keyof typeof TABLE_OF, id: string, now: string): Promise<void> {
  await db
    .updateTable(TABLE_OF[entity])
    .set({ status: "draft", publish_at: null, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/**
 * Gives a post or publication whose picture was withdrawn a drawn stand-in (the row requires a
 * picture, and the admin must not show a deleted file); staff replace it before publishing again.
 */
export async function standInForItemImage(
  db: Db,
  entity: "blog" | "publication",
  id: string,
  standIn: { url: string; variants: string },
): Promise<void> {
  await db
    .updateTable(TABLE_OF[entity])
    .set({ image_url: standIn.url, image_variants: standIn.variants })
    .where("id", "=", id)
    .execute();
}

/** Points every row that shows `from` at `to` (its files and its consent record follow). */
export async function replaceImage(db: Db, from: string, to: { url: string; variants: string }): Promise<void> {
  for (const table of ["blog_posts", "publications"] as const) {
    await db
      .updateTable(table)
      .set({ image_url: to.url, image_variants: to.variants })
      .where("image_url", "=", from)
      .execute();
  }
  await db.updateTable("gallery_images").set({ url: to.url, variants: to.variants }).where("url", "=", from).execute();
  await db.updateTable("image_consents").set({ image_url: to.url }).where("image_url", "=", from).execute();
  // Newsletters, sent ones included: their archive pages and the e-mails still to go show the blurred one.
  await db.updateTable("newsletters").set({ image_url: to.url }).where("image_url", "=", from).execute();
  for (const row of await newslettersNaming(db, from)) {
    await db
      .updateTable("newsletters")
      .set({
        content: withPictureReplaced(row.content, from, to.url),
        content_am: withPictureReplaced(row.content_am, from, to.url),
      })
      .where("id", "=", row.id)
      .execute();
  }
  // The e-mail series' steps: every donor welcomed from now on gets the blurred one.
  for (const row of await stepsNaming(db, from)) {
    await db
      .updateTable("email_series_steps")
      .set({
        content_en: withPictureReplaced(row.content_en, from, to.url),
        content_am: withPictureReplaced(row.content_am, from, to.url),
      })
      .where("id", "=", row.id)
      .execute();
  }
}

const stepsNaming = (db: Db, url: string) =>
  db
    .selectFrom("email_series_steps")
    .select(["id", "content_en", "content_am"])
    .where((eb) => eb.or([eb("content_en", "like", `%${url}%`), eb("content_am", "like", `%${url}%`)]))
    .execute();

/** Takes a withdrawn picture out of every step of the e-mail series that shows it; their ids. */
export async function removeEmailSeriesPicture(db: Db, url: string, now: string): Promise<string[]> {
  const changed: string[] = [];
  for (const row of await stepsNaming(db, url)) {
    const contentEn = withoutPicture(row.content_en, url);
    const contentAm = withoutPicture(row.content_am, url);
    if (contentEn === row.content_en && contentAm === row.content_am) continue;
    await db
      .updateTable("email_series_steps")
      .set({ content_en: contentEn, content_am: contentAm, updated_at: now })
      .where("id", "=", row.id)
      .execute();
    changed.push(row.id);
  }
  return changed;
}

/** Newsletters whose text shows `url`, in English or in Amharic (docs/decisions/0884). */
const newslettersNaming = (db: Db, url: string) =>
  db
    .selectFrom("newsletters")
    .select(["id", "content", "content_am"])
    .where((eb) => eb.or([eb("content", "like", `%${url}%`), eb("content_am", "like", `%${url}%`)]))
    .execute();

/**
 * Takes a withdrawn picture off every newsletter that shows it, above its text (a post's picture,
 * copied when the draft was made from it) or inside it (the newsletter editor's pictures), sent
 * ones on the archive included; their ids.
 */
export async function removeNewsletterPicture(db: Db, url: string, now: string): Promise<string[]> {
  const changed = new Set<string>();
  const above = await db
    .updateTable("newsletters")
    .set({ image_url: null, updated_at: now })
    .where("image_url", "=", url)
    .returning("id")
    .execute();
  for (const row of above) changed.add(row.id);
  for (const row of await newslettersNaming(db, url)) {
    const content = withoutPicture(row.content, url);
    const contentAm = withoutPicture(row.content_am, url);
    if (content === row.content && contentAm === row.content_am) continue;
    await db
      .updateTable("newsletters")
      .set({ content, content_am: contentAm, updated_at: now })
      .where("id", "=", row.id)
      .execute();
    changed.add(row.id);
  }
  return [...changed];
}
