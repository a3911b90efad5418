import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0700-monthly-gifts-that-survive.md: a monthly gift whose payment
// failed is `payment_failed` until the provider's retry pays (back to `paid`) or its final failure
// ends it. Its status column stays `paid` (the column's CHECK predates the state; rebuilding the table
// on SQLite would cascade to its payments): `failed_invoice_id` set is what makes it payment_failed. `payment_state_at` is when the provider event that last set that state happened, so a late,
// older notice does not undo a newer one; `update_card_url` is the link the donor was sent. A pause
// (1–3 months) is `paused_until`, set by the provider's event, `pause_changed_at` guarding its order.
// `locale` is the language of the page the donor gave from, for the e-mails about the gift.

const COLUMNS = [
  "locale",
  "payment_state_at",
  "failed_invoice_id",
  "update_card_url",
  "paused_until",
  "pause_changed_at",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds columns one at a time.
  for (const column of COLUMNS) await db.schema.alterTable("donations").addColumn(column, "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("donations").dropColumn(column).execute();
}
