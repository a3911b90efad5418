import { sql } from "kysely";
import { CONFIRMATION_LINKS } from "../../subscribers/confirmation-email.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Newsletter subscriptions (status and its dates: the consent history), the newsletters sent to them. */
export const subscribers: PersonSource = {
  kind: "subscriber",
  file: "subscriptions",
  searchRows: sql`select lower(email) as email_key, null as name, null as phone, created_at as at from subscribers`,

  async records(db, key) {
    const rows = await db.selectFrom("subscribers").selectAll().where(addressIs("email", key)).execute();
    const deliveries = await db
      .selectFrom("newsletter_deliveries")
      .innerJoin("newsletters", "newsletters.id", "newsletter_deliveries.newsletter_id")
      .select([
        "newsletter_deliveries.newsletter_id",
        "newsletters.subject",
        "newsletter_deliveries.email",
        "newsletter_deliveries.status",
        "newsletter_deliveries.sent_at",
      ])
      .where(addressIs("newsletter_deliveries.email", key))
      .execute();
    return [
      ...rows.flatMap((row) => {
        const consent = [
          { at: row.created_at, title: `Subscribed (${row.source ?? "unknown source"})` },
          ...(row.confirmed_at ? [{ at: row.confirmed_at, title: "Newsletter consent confirmed" }] : []),
          ...(row.unsubscribed_at ? [{ at: row.unsubscribed_at, title: "Unsubscribed" }] : []),
        ];
        return consent.map((step, index) => ({
          kind: "subscriber",
          id: index === 0 ? row.id : `${row.id}:${index}`,
          at: step.at,
          title: index === 0 ? `${step.title}, now ${row.status}` : step.title,
          link: "/admin/subscribe",
          fields: index === 0 ? fieldsOf(row) : { status: row.status },
        }));
      }),
      ...deliveries.map((row) => ({
        kind: "newsletter",
        id: row.newsletter_id,
        at: row.sent_at ?? "",
        title: `Newsletter "${row.subject}", ${row.status}`,
        link: `/admin/newsletters/${row.newsletter_id}`,
        fields: fieldsOf({
          newsletter_id: row.newsletter_id,
          email: row.email,
          status: row.status,
          sent_at: row.sent_at,
        }),
      })),
    ];
  },

  async rectify(trx, key, change) {
    if (change.email === undefined) return 0;
    const result = await trx
      .updateTable("subscribers")
      .set({ email: change.email })
      .where(addressIs("email", key))
      .executeTakeFirst();
    await trx
      .updateTable("newsletter_deliveries")
      .set({ email: change.email })
      .where(addressIs("email", key))
      .execute();
    return Number(result.numUpdatedRows);
  },

  async erase(trx, key) {
    const rows = await trx.selectFrom("subscribers").select("id").where(addressIs("email", key)).execute();
    const ids = rows.map((row) => row.id);
    let erased = 0;
    if (ids.length > 0) {
      await trx
        .deleteFrom("single_use_links")
        .where("purpose", "=", CONFIRMATION_LINKS.name)
        .where("subject", "in", ids)
        .execute();
      erased += Number((await trx.deleteFrom("subscribers").where("id", "in", ids).executeTakeFirst()).numDeletedRows);
    }
    const deliveries = await trx.deleteFrom("newsletter_deliveries").where(addressIs("email", key)).executeTakeFirst();
    return { erased: erased + Number(deliveries.numDeletedRows), keptByLaw: 0 };
  },
};
