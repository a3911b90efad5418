import type { Kysely } from "kysely";

// Frozen once merged. Each gallery picture's description in Amharic, for the Amharic pages
// (docs/decisions/0883-amharic-picture-descriptions.md). Null: those pages use the English one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gallery_images").addColumn("alt_am", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gallery_images").dropColumn("alt_am").execute();
}
