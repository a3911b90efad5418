import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import type { ItemListQuery } from "../item-writes/item-list.ts";
import { oneImageOwner } from "../media/one-image-owner.ts";
import type { ImageOwner } from "../media/variant-job.ts";
import { amharicCoverageIs } from "../translations/translations.repository.ts";
import type { DocumentState } from "../versions/versions.ts";
import type { PublicationTable } from "./publications.table.ts";

/**
 * An update's columns; the image's two are left out when the image stays, so an update never writes
 * back a ladder it read before the background job finished it (docs/decisions/0440).
 */
type ImageKept<Row extends { image_url: string; image_variants: string | null }> = Omit<
  Row,
  "id" | "created_at" | "image_url" | "image_variants"
> &
  Partial<Pick<Row, "image_url" | "image_variants">>;

export type PublicationRow = Selectable<PublicationTable>;

/** Newest publication date first; same-day ones newest-added first; one state when named. */
export async function listPublications(db: Db, status?: DocumentState): Promise<PublicationRow[]> {
  let query = db.selectFrom("publications").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("publication_date", "desc").orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/** The published publications, unordered and unselected: for a page of them and their count. */
export const publishedPublications = (db: Db) => db.selectFrom("publications").where("status", "=", "published");

export async function findPublication(db: Db, id: string): Promise<PublicationRow | undefined> {
  return db.selectFrom("publications").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPublication(db: Db, row: PublicationRow): Promise<void> {
  await db.insertInto("publications").values(row).execute();
}

export async function updatePublication(db: Db, id: string, changes: ImageKept<PublicationRow>): Promise<void> {
  await db.updateTable("publications").set(changes).where("id", "=", id).execute();
}

export async function deletePublication(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("publications").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The row's image as the background variant job reads and replaces it. */
export const publicationImageOwner: ImageOwner = oneImageOwner("publications");

/** One page of the admin list, filtered, searched and counted in SQL (docs/decisions/0610-admin-lists.md). */
export async function pagePublications(db: Db, query: ItemListQuery) {
  let filtered = db.selectFrom("publications");
  if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
  const amharic = query.amharic;
  if (amharic !== "all")
    filtered = filtered.where((eb) =>
      amharicCoverageIs(eb, { kind: "publication", idColumn: "publications.id" }, amharic),
    );
  if (query.q) filtered = filtered.where((eb) => containsText(eb, ["title", "description"], query.q));
  // The whole-list call's order: newest publication date first, same-day ones newest-added first.
  const { rows, total } = await pageOf(filtered, query, (qb) =>
    qb.selectAll().orderBy("publication_date", "desc").orderBy("created_at", "desc").orderBy("id", "desc"),
  );
  return { rows, total };
}
