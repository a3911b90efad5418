import type { Kysely } from "kysely";

// Frozen once merged. The generic versioned-document store (core/versions,
// docs/decisions/0260-versions-and-states.md), first used by site content (core/site-content):
// a draft and a published snapshot per (kind, key), and one row per published version.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("versioned_documents")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("draft", "text")
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("draft_saved_at", "text")
    .addColumn("draft_saved_by", "text")
    .addColumn("published", "text")
    .addColumn("published_at", "text")
    .addColumn("published_by", "text")
    .addColumn("last_version", "integer", (c) => c.notNull())
    .addColumn("publish_at", "text")
    .addPrimaryKeyConstraint("versioned_documents_pk", ["kind", "key"])
    .execute();
  await db.schema
    .createTable("document_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by_id", "text")
    .addColumn("created_by_email", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("document_versions_number_idx")
    .on("document_versions")
    .columns(["kind", "key", "number"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_versions").execute();
  await db.schema.dropTable("versioned_documents").execute();
}
