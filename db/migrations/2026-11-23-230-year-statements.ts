import type { Kysely } from "kysely";

// Frozen once merged. Year-end statements (docs/decisions/0323-receipts.md): a "send all year-end statements" run records each donor it sent
// to, in the transaction that queues the e-mail, so a retried run never sends one twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("statement_sends")
    .addColumn("batch_id", "text", (c) => c.notNull())
    .addColumn("donor_email", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("statement_sends_pk", ["batch_id", "donor_email"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("statement_sends").execute();
}
