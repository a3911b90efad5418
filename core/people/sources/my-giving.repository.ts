import { GIVING_SIGN_IN_LINKS } from "../../giving/giving.service.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** "My giving": the donor's sign-in links and sessions (the gifts themselves are card and offline gifts). */
export const myGiving: PersonSource = {
  kind: "my-giving",
  file: "my-giving",

  async records(db, key) {
    const sessions = await db
      .selectFrom("donor_sessions")
      .select(["id", "email", "created_at", "expires_at"])
      .where(addressIs("email", key))
      .execute();
    const links = await db
      .selectFrom("single_use_links")
      .select(["id", "subject", "created_at", "expires_at", "ended_at"])
      .where("purpose", "=", GIVING_SIGN_IN_LINKS.name)
      .where(addressIs("subject", key))
      .execute();
    return [
      ...links.map((row) => ({
        kind: "my-giving",
        id: row.id,
        at: row.created_at,
        title: "My giving sign-in link sent",
        link: "/admin/people",
        fields: fieldsOf({
          email: row.subject,
          created_at: row.created_at,
          expires_at: row.expires_at,
          ended_at: row.ended_at,
        }),
      })),
      ...sessions.map((row) => ({
        kind: "my-giving",
        id: row.id,
        at: row.created_at,
        title: "Signed in to My giving",
        link: "/admin/people",
        fields: fieldsOf(row),
      })),
    ];
  },

  async rectify(trx, key, change) {
    // A link or session belongs to the address it was sent to: a corrected address signs in afresh.
    if (change.email === undefined) return 0;
    await trx
      .deleteFrom("single_use_links")
      .where("purpose", "=", GIVING_SIGN_IN_LINKS.name)
      .where(addressIs("subject", key))
      .execute();
    const result = await trx.deleteFrom("donor_sessions").where(addressIs("email", key)).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async erase(trx, key) {
    const links = await trx
      .deleteFrom("single_use_links")
      .where("purpose", "=", GIVING_SIGN_IN_LINKS.name)
      .where(addressIs("subject", key))
      .executeTakeFirst();
    const sessions = await trx.deleteFrom("donor_sessions").where(addressIs("email", key)).executeTakeFirst();
    return { erased: Number(links.numDeletedRows) + Number(sessions.numDeletedRows), keptByLaw: 0 };
  },
};
