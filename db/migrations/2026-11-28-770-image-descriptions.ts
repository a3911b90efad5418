import type { Kysely } from "kysely";

// Frozen once merged. A description (alt text) beside every content picture, or a mark that the
// picture is decorative (docs/decisions/0770-every-picture-described.md). Rows from before it have
// neither: the dashboard lists those that are public.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["blog_posts", "publications"]) {
    await db.schema.alterTable(table).addColumn("image_alt", "text").execute();
    await db.schema
      .alterTable(table)
      .addColumn("image_decorative", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable("gallery_images").addColumn("alt", "text").execute();
  await db.schema
    .alterTable("gallery_images")
    .addColumn("decorative", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["blog_posts", "publications"]) {
    await db.schema.alterTable(table).dropColumn("image_decorative").execute();
    await db.schema.alterTable(table).dropColumn("image_alt").execute();
  }
  await db.schema.alterTable("gallery_images").dropColumn("decorative").execute();
  await db.schema.alterTable("gallery_images").dropColumn("alt").execute();
}
