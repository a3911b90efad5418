import type { Kysely } from "kysely";

// Frozen once merged. A newsletter's optional Amharic version, sent to subscribers whose language is
// Amharic, and each subscriber's language: the page's they subscribed from (docs/decisions/0884-amharic-newsletters.md).
// Empty Amharic texts: everyone gets the English. Addresses known before are English ('en').

const AMHARIC_COLUMNS = ["subject_am", "preview_text_am", "content_am", "button_label_am"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of AMHARIC_COLUMNS) {
    await db.schema
      .alterTable("newsletters")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema
    .alterTable("subscribers")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscribers").dropColumn("locale").execute();
  for (const column of AMHARIC_COLUMNS) await db.schema.alterTable("newsletters").dropColumn(column).execute();
}
