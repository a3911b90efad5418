import { sql } from "kysely";
import { rectifyColumns } from "../people.repository.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Gifts staff recorded (bank transfer, cash, cheque), deleted ones included (their rows stay). */
export const offlineGifts: PersonSource = {
  kind: "offline-gift",
  file: "offline-gifts",
  searchRows: sql`select lower(donor_email) as email_key, donor_name as name, null as phone, received_on as at from offline_gifts where donor_email is not null`,

  async records(db, key) {
    const rows = await db.selectFrom("offline_gifts").selectAll().where(addressIs("donor_email", key)).execute();
    return rows.map((row) => ({
      kind: "offline-gift",
      id: row.id,
      at: row.received_on,
      title: row.deleted_at ? `Offline gift (${row.method}), deleted` : `Offline gift (${row.method})`,
      link: "/admin/donations/offline",
      ...(!row.deleted_at && { gift: { minor: Number(row.amount_minor), currency: row.currency } }),
      fields: fieldsOf(row),
    }));
  },

  rectify: rectifyColumns("offline_gifts", { name: "donor_name", email: "donor_email" }),

  async erase(trx, key, context) {
    // The bank reference and staff's note may name the person; the amount, date, fund and receipt stay.
    const result = await trx
      .updateTable("offline_gifts")
      .set({ donor_name: context.pseudonymName, donor_email: context.pseudonymEmail, reference: null, note: null })
      .where(addressIs("donor_email", key))
      .executeTakeFirst();
    return { erased: 0, keptByLaw: Number(result.numUpdatedRows) };
  },
};
