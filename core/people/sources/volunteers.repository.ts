import { sql } from "kysely";
import { rectifyColumns } from "../people.repository.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Volunteer applications (with age, phone and motivation). */
export const volunteers: PersonSource = {
  kind: "volunteer-application",
  file: "volunteer-applications",
  searchRows: sql`select lower(email) as email_key, full_name as name, phone, created_at as at from volunteer_applications`,

  async records(db, key) {
    const rows = await db.selectFrom("volunteer_applications").selectAll().where(addressIs("email", key)).execute();
    return rows.map((row) => ({
      kind: "volunteer-application",
      id: row.id,
      at: row.created_at,
      title: `Volunteer application (${row.interest}), ${row.status}`,
      link: "/admin/volunteers",
      fields: fieldsOf(row),
    }));
  },

  rectify: rectifyColumns("volunteer_applications", { name: "full_name", email: "email" }),

  async erase(trx, key) {
    const result = await trx.deleteFrom("volunteer_applications").where(addressIs("email", key)).executeTakeFirst();
    return { erased: Number(result.numDeletedRows), keptByLaw: 0 };
  },
};
