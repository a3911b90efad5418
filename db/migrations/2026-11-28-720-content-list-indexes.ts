import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0721-content-lists-a-page-at-a-time.md: Admin → Blog and
// Admin → Publications filter by state and page in their own order, in SQL; the public pages read
// the published ones a page at a time in the same order.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("blog_posts_status_created_idx")
    .on("blog_posts")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("publications_status_date_idx")
    .on("publications")
    .columns(["status", "publication_date", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["blog_posts_status_created_idx", "publications_status_date_idx"]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
