import type { Kysely } from "kysely";

// Frozen once merged. Other-language versions of content items' text fields
// (docs/decisions/0420-content-translations.md): one row per item, locale and field. The English text
// stays on the item's own row; a field without a row is shown in English.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_translations")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_translations_pk", ["kind", "item_id", "locale", "field"])
    .execute();
  // "Which items of a kind have a translation": the admin lists' badge and filter.
  await db.schema
    .createIndex("content_translations_kind_locale_idx")
    .on("content_translations")
    .columns(["kind", "locale", "item_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_translations").execute();
}
