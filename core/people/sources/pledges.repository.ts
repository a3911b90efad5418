import { sql } from "kysely";
import { rectifyColumns } from "../people.repository.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Transfer notices (pledges) donors sent from the donation pop-up. */
export const pledges: PersonSource = {
  kind: "pledge",
  file: "pledges",
  searchRows: sql`select lower(donor_email) as email_key, donor_name as name, null as phone, created_at as at from gift_pledges`,

  async records(db, key) {
    const rows = await db.selectFrom("gift_pledges").selectAll().where(addressIs("donor_email", key)).execute();
    return rows.map((row) => ({
      kind: "pledge",
      id: row.id,
      at: row.created_at,
      title: `Transfer notice, ${row.status}`,
      link: "/admin/donations/offline",
      fields: fieldsOf(row),
    }));
  },

  rectify: rectifyColumns("gift_pledges", { name: "donor_name", email: "donor_email" }),

  async erase(trx, key, context) {
    // A notice that became a gift stays (the gift names it), emptied; any other goes.
    const confirmed = trx.selectFrom("offline_gifts").select("pledge_id").where("pledge_id", "is not", null);
    const deleted = await trx
      .deleteFrom("gift_pledges")
      .where(addressIs("donor_email", key))
      .where("id", "not in", confirmed)
      .executeTakeFirst();
    const kept = await trx
      .updateTable("gift_pledges")
      .set({ donor_name: context.pseudonymName, donor_email: context.pseudonymEmail, bank_reference: "" })
      .where(addressIs("donor_email", key))
      .executeTakeFirst();
    return { erased: Number(deleted.numDeletedRows), keptByLaw: Number(kept.numUpdatedRows) };
  },
};
