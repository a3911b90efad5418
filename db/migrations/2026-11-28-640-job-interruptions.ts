import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0641: a run cut short by a crash or a restart is counted apart
// from the job's failed attempts, so interruptions never use up its attempts.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("jobs")
    .addColumn("interruptions", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jobs").dropColumn("interruptions").execute();
}
