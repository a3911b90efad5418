import type { Kysely } from "kysely";

// Frozen once merged. Page views counted on the server without cookies
// (docs/decisions/0710-visits-counted-on-the-server.md): the day's random salt (deleted after 48 h),
// the raw views of the last 30 days (a visitor is a hash, never an address), the daily aggregates
// they are rolled into, and the campaigns whose links tag visits
// (docs/decisions/0711-campaign-links-and-qr-codes.md).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("visit_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("page_views")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("referrer_host", "text", (c) => c.notNull())
    .addColumn("utm_source", "text", (c) => c.notNull())
    .addColumn("utm_medium", "text", (c) => c.notNull())
    .addColumn("utm_campaign", "text", (c) => c.notNull())
    .addColumn("utm_content", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    // The same view by the same visitor within one write is one row (the write buffer coalesces them).
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("page_views_day").on("page_views").columns(["day", "visitor"]).execute();
  await db.schema
    .createTable("visit_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("visit_days_pk", ["day", "dimension", "value"])
    .execute();
  await db.schema.createIndex("visit_days_dimension").on("visit_days").columns(["dimension", "day"]).execute();
  await db.schema
    .createTable("campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("ends_on", "text", (c) => c.notNull())
    .addColumn("goal_cents", "integer")
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("fund_id", "text")
    .addColumn("landing_path", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("medium", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["campaigns", "visit_days", "page_views", "visit_salts"]) {
    await db.schema.dropTable(table).execute();
  }
}
