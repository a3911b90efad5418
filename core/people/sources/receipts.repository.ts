import { sql } from "kysely";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Numbered receipts, and the year-end statements sent. */
export const receipts: PersonSource = {
  kind: "receipt",
  file: "receipts",
  searchRows: sql`select lower(donor_email) as email_key, donor_name as name, null as phone, issued_at as at from receipts`,

  async records(db, key) {
    const rows = await db.selectFrom("receipts").selectAll().where(addressIs("donor_email", key)).execute();
    const statements = await db
      .selectFrom("statement_sends")
      .selectAll()
      .where(addressIs("donor_email", key))
      .execute();
    return [
      ...rows.map((row) => ({
        kind: "receipt",
        id: row.id,
        at: row.issued_at,
        title: row.voided_at ? `Receipt ${row.number} (void)` : `Receipt ${row.number}`,
        link: "/admin/donations",
        fields: fieldsOf(row),
      })),
      ...statements.map((row) => ({
        kind: "statement",
        id: row.batch_id,
        at: row.sent_at,
        title: "Year-end statement sent",
        link: "/admin/donations",
        fields: fieldsOf(row),
      })),
    ];
  },

  async rectify(trx, key, change) {
    const result = await trx
      .updateTable("receipts")
      .set({
        ...(change.name !== undefined && { donor_name: change.name }),
        ...(change.email !== undefined && { donor_email: change.email }),
      })
      .where(addressIs("donor_email", key))
      .executeTakeFirst();
    if (change.email !== undefined)
      await trx
        .updateTable("statement_sends")
        .set({ donor_email: change.email })
        .where(addressIs("donor_email", key))
        .execute();
    return Number(result.numUpdatedRows);
  },

  async erase(trx, key, context) {
    // The number, year, amount, currency, date and fund stay: the year's sequence and totals are unchanged.
    const kept = await trx
      .updateTable("receipts")
      .set({ donor_name: context.pseudonymName, donor_email: context.pseudonymEmail })
      .where(addressIs("donor_email", key))
      .executeTakeFirst();
    const statements = await trx.deleteFrom("statement_sends").where(addressIs("donor_email", key)).executeTakeFirst();
    return { erased: Number(statements.numDeletedRows), keptByLaw: Number(kept.numUpdatedRows) };
  },
};
