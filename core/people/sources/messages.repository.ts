import { sql } from "kysely";
import { rectifyColumns } from "../people.repository.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Messages sent through the contact form. */
export const messages: PersonSource = {
  kind: "message",
  file: "messages",
  searchRows: sql`select lower(email) as email_key, name, null as phone, created_at as at from contact_messages`,

  async records(db, key) {
    const rows = await db.selectFrom("contact_messages").selectAll().where(addressIs("email", key)).execute();
    return rows.map((row) => ({
      kind: "message",
      id: row.id,
      at: row.created_at,
      title: "Message through the contact form",
      link: "/admin/messages",
      fields: { ...fieldsOf(row), isRead: Number(row.is_read) === 1 },
    }));
  },

  rectify: rectifyColumns("contact_messages", { name: "name", email: "email" }),

  async erase(trx, key) {
    const result = await trx.deleteFrom("contact_messages").where(addressIs("email", key)).executeTakeFirst();
    return { erased: Number(result.numDeletedRows), keptByLaw: 0 };
  },
};
