import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import type { ItemListQuery } from "../item-writes/item-list.ts";
import { oneImageOwner } from "../media/one-image-owner.ts";
import type { ImageOwner } from "../media/variant-job.ts";
import { amharicCoverageIs } from "../translations/translations.repository.ts";
import type { DocumentState } from "../versions/versions.ts";
import type { BlogPostTable } from "./blogs.table.ts";

/**
 * An update's columns; the image's two are left out when the image stays, so an update never writes
 * back a ladder it read before the background job finished it (docs/decisions/0440).
 */
type ImageKept<Row extends { image_url: string; image_variants: string | null }> = Omit<
  Row,
  "id" | "created_at" | "image_url" | "image_variants"
> &
  Partial<Pick<Row, "image_url" | "image_variants">>;

export type BlogPostRow = Selectable<BlogPostTable>;

/** Newest first; only the given state when one is named (the public reads `published`). */
export async function listPosts(db: Db, status?: DocumentState): Promise<BlogPostRow[]> {
  let query = db.selectFrom("blog_posts").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/** Every column but the content: what a list shows (a list reads no content). */
export const SUMMARY_COLUMNS = [
  "id",
  "title",
  "excerpt",
  "image_url",
  "image_variants",
  "author_name",
  "author_linkedin",
  "created_at",
  "updated_at",
  "status",
  "publish_at",
  "image_alt",
  "image_decorative",
] as const;

/** The published posts, unordered and unselected: for a page of them and their count. */
export const publishedPosts = (db: Db) => db.selectFrom("blog_posts").where("status", "=", "published");

/**
 * The published posts just older and just newer than `post` in the lists' order (newest first, id
 * breaking ties): two index reads, whatever the number of posts.
 */
export async function publishedNeighbours(db: Db, post: { id: string; created_at: string }) {
  const older = await publishedPosts(db)
    .select(SUMMARY_COLUMNS)
    .where((eb) =>
      eb.or([
        eb("created_at", "<", post.created_at),
        eb.and([eb("created_at", "=", post.created_at), eb("id", "<", post.id)]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const newer = await publishedPosts(db)
    .select(SUMMARY_COLUMNS)
    .where((eb) =>
      eb.or([
        eb("created_at", ">", post.created_at),
        eb.and([eb("created_at", "=", post.created_at), eb("id", ">", post.id)]),
      ]),
    )
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
  return { older, newer };
}

/** Every published post's address and last change, for the sitemap: two short columns per post. */
export async function publishedDates(db: Db) {
  return publishedPosts(db).select(["id", "updated_at"]).orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function findPost(db: Db, id: string): Promise<BlogPostRow | undefined> {
  return db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPost(db: Db, row: BlogPostRow): Promise<void> {
  await db.insertInto("blog_posts").values(row).execute();
}

export async function updatePost(db: Db, id: string, changes: ImageKept<BlogPostRow>): Promise<void> {
  await db.updateTable("blog_posts").set(changes).where("id", "=", id).execute();
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The row's image as the background variant job reads and replaces it. */
export const blogImageOwner: ImageOwner = oneImageOwner("blog_posts");

/** One page of the admin list, filtered, searched and counted in SQL (docs/decisions/0610-admin-lists.md). */
export async function pageBlogPosts(db: Db, query: ItemListQuery) {
  let filtered = db.selectFrom("blog_posts");
  if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
  const amharic = query.amharic;
  if (amharic !== "all")
    filtered = filtered.where((eb) => amharicCoverageIs(eb, { kind: "blog", idColumn: "blog_posts.id" }, amharic));
  if (query.q) filtered = filtered.where((eb) => containsText(eb, ["title", "excerpt", "author_name"], query.q));
  // Newest first, as the whole-list call orders them; never the content (a list shows none).
  const { rows, total } = await pageOf(filtered, query, (qb) =>
    qb.select(SUMMARY_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc"),
  );
  return { rows, total };
}
