import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import { rectifyColumns } from "../people.repository.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** The donor's gifts, by their address or (later in the same erasure) by the pseudonym that replaced it. */
const giftsOf = (db: Db, addresses: readonly string[]) =>
  db
    .selectFrom("donations")
    .select("id")
    .where((eb) => eb.or(addresses.map((address) => addressIs("donor_email", address)(eb))));

/**
 * Gifts in honour or in memory (docs/decisions/0780) and the donor wall (docs/decisions/0781): the
 * names a donor gave (the person honoured, the person to tell, the name and message for the wall),
 * found by the donor's address; and the person told, found by their own address.
 */
export const tributes: PersonSource = {
  kind: "tribute",
  file: "tributes",
  searchRows: sql`select lower(notify_email) as email_key, notify_name as name, null as phone, created_at as at from donation_tributes where notify_email is not null`,

  async records(db, key) {
    const given = await db
      .selectFrom("donation_tributes")
      .selectAll()
      .where((eb) => eb.or([addressIs("notify_email", key)(eb), eb("donation_id", "in", giftsOf(db, [key]))]))
      .execute();
    const wall = await db
      .selectFrom("donor_wall_entries")
      .selectAll()
      .where("donation_id", "in", giftsOf(db, [key]))
      .execute();
    return [
      ...given.map((row) => ({
        kind: "tribute",
        id: row.donation_id,
        at: row.created_at,
        title: `Gift ${row.kind === "memory" ? "in memory" : "in honour"} of ${row.name}`,
        link: "/admin/donations",
        fields: fieldsOf(row),
      })),
      ...wall.map((row) => ({
        kind: "donor-wall",
        id: row.donation_id,
        at: row.created_at,
        title: `On the donor wall (${row.state})`,
        link: "/admin/supporters",
        fields: fieldsOf(row),
      })),
    ];
  },

  // The person told, corrected by their own address; the donor's own details live on the gift.
  rectify: rectifyColumns("donation_tributes", { name: "notify_name", email: "notify_email" }),

  async erase(trx, key, context) {
    const gifts = giftsOf(trx, [key, context.pseudonymEmail]);
    const wall = await trx.deleteFrom("donor_wall_entries").where("donation_id", "in", gifts).executeTakeFirst();
    const given = await trx.deleteFrom("donation_tributes").where("donation_id", "in", gifts).executeTakeFirst();
    // Someone else's gift told this person: the gift keeps its tribute, without them.
    const told = await trx
      .updateTable("donation_tributes")
      .set({ notify_name: null, notify_email: null })
      .where(addressIs("notify_email", key))
      .executeTakeFirst();
    return {
      erased: Number(wall.numDeletedRows) + Number(given.numDeletedRows) + Number(told.numUpdatedRows),
      keptByLaw: 0,
    };
  },
};
