import { type Kysely, sql } from "kysely";

// Frozen once merged. docs/decisions/0680-personal-data-registry-and-retention.md: a volunteer
// application is kept a set time after its last status change, so the change is dated; rows written
// before count from when they were sent.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("volunteer_applications").addColumn("status_changed_at", "text").execute();
  await db.updateTable("volunteer_applications").set({ status_changed_at: sql`created_at` }).execute();
  await db.schema
    .createIndex("volunteer_applications_status_changed_at")
    .on("volunteer_applications")
    .column("status_changed_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("volunteer_applications_status_changed_at").execute();
  await db.schema.alterTable("volunteer_applications").dropColumn("status_changed_at").execute();
}
