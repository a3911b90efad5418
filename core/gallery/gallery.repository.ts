import { type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Db, Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { pageOf } from "../admin-lists/list-sql.ts";
import type { ItemListQuery } from "../item-writes/item-list.ts";
import type { StoredImage } from "../media/media.schema.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import type { ImageOwner } from "../media/variant-job.ts";
import { newId } from "../shared/ids.ts";
import { allValues, amharicCoverageIs } from "../translations/translations.repository.ts";
import { TRANSLATION_LOCALES } from "../translations/translations.schema.ts";
import { type ItemState, stateColumns, stateOf } from "../versions/item-states.ts";
import type { DocumentState } from "../versions/versions.ts";
import type { GalleryCategory, GalleryItem } from "./gallery.constants.ts";
import { DESCRIPTION_MAX, TITLE_MAX } from "./gallery.schema.ts";
import type { GalleryItemTable } from "./gallery.table.ts";

/**
 * What search_text holds for an item: its title and description, then their translations (so a
 * search in Amharic finds an item by its Amharic text); the search term is lower-cased the same way.
 */
export const searchTextOf = (title: string, description: string, translated: readonly string[] = []) =>
  [title, description, ...translated].join("\n").toLowerCase();
/** Title and description in English and in every other language, one line each. */
const LONGEST_SEARCH_TEXT = (TITLE_MAX + 1 + DESCRIPTION_MAX + 1) * (1 + TRANSLATION_LOCALES.length);
/** How translations name a gallery item (core/translations). */
const TRANSLATION_KIND = "gallery-item";
/** FTS5's trigram index answers substrings of 3 or more characters. */
const TRIGRAM = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

export interface ListFilter {
  offset: number;
  limit: number;
  category?: GalleryCategory | undefined;
  search: string;
  /** Only items in this state (the public reads `published`); every state when absent. */
  status?: DocumentState | undefined;
}

/** Items in `status` and `category` whose text contains `search` (see {@link listGalleryItems}). */
function galleryFiltered(db: Db, dialect: Dialect, { category, search, status }: Omit<ListFilter, "offset" | "limit">) {
  const term = search.toLowerCase();
  let query = db.selectFrom("gallery_items");
  if (status) query = query.where("status", "=", status);
  if (category) query = query.where("category", "=", category);
  if (term) {
    if (dialect === "postgres") {
      query = query.where(sql<boolean>`search_text like ${`%${escapeLike(term)}%`} escape '\\'`);
    } else if ([...term].length >= TRIGRAM) {
      query = query.where(
        "id",
        "in",
        sql<string>`(select item_id from gallery_search where gallery_search match ${ftsPhrase(term)})`,
      );
    } else {
      query = query.where(sql<boolean>`instr(search_text, ${term}) > 0`);
    }
  }
  return query;
}

const newestEventFirst = <Q extends SelectQueryBuilder<Database, "gallery_items", object>>(query: Q) =>
  query.orderBy("event_date", "desc").orderBy("created_at", "desc").orderBy("id", "desc") as Q;

/** The page query (one extra row tells whether more pages follow); exported so tests can read its plan. */
export function galleryListQuery(db: Db, dialect: Dialect, filter: ListFilter) {
  return newestEventFirst(galleryFiltered(db, dialect, filter).selectAll())
    .limit(filter.limit + 1)
    .offset(filter.offset);
}

/**
 * Admin → Gallery a page at a time (docs/decisions/0610-admin-lists.md): by state and by how far
 * the Amharic version is, searched like the public list, counted in SQL.
 */
export async function pageGalleryItems(
  db: Db,
  dialect: Dialect,
  query: ItemListQuery,
): Promise<{ items: GalleryItem[]; total: number }> {
  if (query.q.length > LONGEST_SEARCH_TEXT) return { items: [], total: 0 };
  let filtered = galleryFiltered(db, dialect, {
    search: query.q,
    status: query.status === "all" ? undefined : query.status,
  });
  if (query.amharic !== "all") {
    const amharic = query.amharic;
    const where = { kind: TRANSLATION_KIND, idColumn: "gallery_items.id" } as const;
    filtered = filtered.where((eb) => amharicCoverageIs(eb, where, amharic));
  }
  const { rows, total } = await pageOf(filtered, query, (qb) => newestEventFirst(qb.selectAll()));
  return { items: await withImages(db, rows), total };
}

/**
 * A page of items, newest event first. `search` is matched literally (no wildcard or regex
 * meaning) and case-insensitively against title and description through an index on both
 * databases (see migration 020).
 */
export async function listGalleryItems(
  db: Db,
  dialect: Dialect,
  filter: ListFilter,
): Promise<{ items: GalleryItem[]; hasMore: boolean }> {
  // Longer than any title plus description: nothing can contain it.
  if (filter.search.length > LONGEST_SEARCH_TEXT) return { items: [], hasMore: false };
  const rows = await galleryListQuery(db, dialect, filter).execute();
  const page = rows.slice(0, filter.limit);
  return { items: await withImages(db, page), hasMore: rows.length > filter.limit };
}

export async function findGalleryItem(db: Db, id: string): Promise<GalleryItem | undefined> {
  const row = await db.selectFrom("gallery_items").selectAll().where("id", "=", id).executeTakeFirst();
  return row && (await withImages(db, [row]))[0];
}

async function withImages(db: Db, rows: Selectable<GalleryItemTable>[]): Promise<GalleryItem[]> {
  if (rows.length === 0) return [];
  const imageRows = await db
    .selectFrom("gallery_images")
    .select(["gallery_item_id", "url", "variants", "alt", "alt_am", "decorative"])
    .where(
      "gallery_item_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("gallery_item_id")
    .orderBy("position")
    .execute();
  const imagesOf = new Map<string, typeof imageRows>();
  for (const image of imageRows) {
    const list = imagesOf.get(image.gallery_item_id) ?? [];
    list.push(image);
    imagesOf.set(image.gallery_item_id, list);
  }
  return rows.map((row) => {
    const imageRowsOfItem = imagesOf.get(row.id) ?? [];
    const images = imageRowsOfItem.map((image) => parseStoredImage(image.variants, image.url));
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      category: row.category as GalleryCategory,
      eventDate: row.event_date,
      imageUrls: images.map((i) => i.url),
      images,
      imageAlts: imageRowsOfItem.map((image) => image.alt ?? ""),
      imageAltsAm: imageRowsOfItem.map((image) => image.alt_am ?? ""),
      imageDecoratives: imageRowsOfItem.map((image) => Number(image.decorative) === 1),
      createdAt: row.created_at,
      ...stateOf(row),
    };
  });
}

export interface GalleryRecord {
  title: string;
  description: string;
  category: GalleryCategory;
  eventDate: string;
  /** The images' descriptions in order, when the write sent them (docs/decisions/0770). */
  imageAlts?: string[];
  /** The same in Amharic, when sent (docs/decisions/0883). */
  imageAltsAm?: string[];
  imageDecoratives?: boolean[];
}

/** The description columns of the image at `position`: only what the write sent. */
function descriptionColumns(item: GalleryRecord, position: number) {
  const alt = item.imageAlts?.[position];
  const altAm = item.imageAltsAm?.[position];
  const decorative = item.imageDecoratives?.[position];
  return {
    ...(item.imageAlts ? { alt: alt || null } : {}),
    ...(item.imageAltsAm ? { alt_am: altAm || null } : {}),
    ...(item.imageDecoratives ? { decorative: decorative ? 1 : 0 } : {}),
  };
}

async function insertImages(db: Db, itemId: string, images: StoredImage[], item: GalleryRecord) {
  if (images.length === 0) return;
  await db
    .insertInto("gallery_images")
    .values(
      images.map((image, position) => ({
        id: newId(),
        gallery_item_id: itemId,
        position,
        url: image.url,
        variants: serializeStoredImage(image),
        ...descriptionColumns(item, position),
      })),
    )
    .execute();
}

/** Describes the images an update keeps, by their place. */
async function describeImages(db: Db, itemId: string, item: GalleryRecord) {
  const count = Math.max(
    item.imageAlts?.length ?? 0,
    item.imageAltsAm?.length ?? 0,
    item.imageDecoratives?.length ?? 0,
  );
  for (let position = 0; position < count; position++) {
    await db
      .updateTable("gallery_images")
      .set(descriptionColumns(item, position))
      .where("gallery_item_id", "=", itemId)
      .where("position", "=", position)
      .execute();
  }
}

async function imagesOfItem(db: Db, itemId: string): Promise<StoredImage[]> {
  const rows = await db
    .selectFrom("gallery_images")
    .select(["url", "variants"])
    .where("gallery_item_id", "=", itemId)
    .orderBy("position")
    .execute();
  return rows.map((row) => parseStoredImage(row.variants, row.url));
}

/** The item and its image rows; run it in a transaction (the caller's, which also holds the audit record). */
export async function insertGalleryItem(
  trx: Db,
  id: string,
  item: GalleryRecord,
  images: StoredImage[],
  state: ItemState,
  now: string,
) {
  await trx
    .insertInto("gallery_items")
    .values({
      id,
      title: item.title,
      description: item.description,
      category: item.category,
      event_date: item.eventDate,
      search_text: searchTextOf(item.title, item.description),
      created_at: now,
      updated_at: now,
      ...stateColumns(state),
    })
    .execute();
  await insertImages(trx, id, images, item);
}

/**
 * Updates the text fields and, when `images` is given, replaces every image. Returns the images
 * that were replaced (their files are the caller's to delete), or undefined when there is no such item.
 * Run it in a transaction (the caller's, which also holds the audit record).
 */
export async function updateGalleryItem(
  trx: Db,
  id: string,
  item: GalleryRecord,
  images: StoredImage[] | null,
  state: ItemState,
  now: string,
): Promise<StoredImage[] | undefined> {
  const result = await trx
    .updateTable("gallery_items")
    .set({
      title: item.title,
      description: item.description,
      category: item.category,
      event_date: item.eventDate,
      search_text: searchTextOf(item.title, item.description, await allValues(trx, TRANSLATION_KIND, id)),
      updated_at: now,
      ...stateColumns(state),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  if (!images) {
    await describeImages(trx, id, item);
    return [];
  }
  const replaced = await imagesOfItem(trx, id);
  await trx.deleteFrom("gallery_images").where("gallery_item_id", "=", id).execute();
  await insertImages(trx, id, images, item);
  return replaced;
}

/** Rewrites an item's search text after its translation changed (run it in the change's transaction). */
export async function refreshSearchText(trx: Db, id: string): Promise<void> {
  const row = await trx
    .selectFrom("gallery_items")
    .select(["title", "description"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return;
  const translated = await allValues(trx, TRANSLATION_KIND, id);
  await trx
    .updateTable("gallery_items")
    .set({ search_text: searchTextOf(row.title, row.description, translated) })
    .where("id", "=", id)
    .execute();
}

/**
 * Deletes the item and its image rows; returns those images, or undefined when there was no such item.
 * Run it in a transaction (the caller's, which also holds the audit record).
 */
export async function deleteGalleryItem(trx: Db, id: string): Promise<StoredImage[] | undefined> {
  const images = await imagesOfItem(trx, id);
  const result = await trx.deleteFrom("gallery_items").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows === 0n ? undefined : images;
}

/** A gallery image as the background variant job reads and replaces it (core/media/variant-job.ts). */
export const galleryImageOwner: ImageOwner = {
  async read(db, url) {
    const row = await db
      .selectFrom("gallery_images")
      .select(["url", "variants"])
      .where("url", "=", url)
      .executeTakeFirst();
    return row && { json: row.variants, image: parseStoredImage(row.variants, row.url) };
  },
  async replace(db, url, json, image) {
    const result = await db
      .updateTable("gallery_images")
      .set({ variants: serializeStoredImage(image) })
      .where("url", "=", url)
      .where((eb) => (json === null ? eb("variants", "is", null) : eb("variants", "=", json)))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },
  async settled(db, url) {
    const siblings = await db
      .selectFrom("gallery_images as image")
      .innerJoin("gallery_images as sibling", "sibling.gallery_item_id", "image.gallery_item_id")
      .select(["sibling.url", "sibling.variants"])
      .where("image.url", "=", url)
      .execute();
    return siblings.every((row) => !parseStoredImage(row.variants, row.url).processing);
  },
  item: (db, url) =>
    db
      .selectFrom("gallery_images as image")
      .innerJoin("gallery_items as item", "item.id", "image.gallery_item_id")
      .select(["item.id", "item.title"])
      .where("image.url", "=", url)
      .executeTakeFirst(),
};
