import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import { rectifyColumns } from "../people.repository.ts";
import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/** Gifts given online, by card (Stripe) or in birr (Chapa), and their payments; the sandbox stands in for either. */
export const cardGifts: PersonSource = {
  kind: "donation",
  file: "card-gifts",
  searchRows: sql`select lower(donor_email) as email_key, donor_name as name, null as phone, coalesce(paid_at, created_at) as at from donations where donor_email is not null`,

  async records(db: Db, key: string) {
    const donations = await db.selectFrom("donations").selectAll().where(addressIs("donor_email", key)).execute();
    const payments = donations.length
      ? await db
          .selectFrom("donation_payments")
          .selectAll()
          .where(
            "donation_id",
            "in",
            donations.map((d) => d.id),
          )
          .execute()
      : [];
    return [
      ...donations.map((row) => ({
        kind: "donation",
        id: row.id,
        at: row.paid_at ?? row.created_at,
        title: `${row.currency === "etb" ? "Gift in birr" : "Card gift"} (${row.frequency}), ${row.status}`,
        link: "/admin/donations",
        fields: fieldsOf(row),
      })),
      ...payments.map((row) => ({
        kind: "card-payment",
        id: row.id,
        at: row.paid_at,
        title: `${row.currency === "etb" ? "Birr payment" : "Card payment"}${row.refunded_cents ? " (refunded in part or whole)" : ""}`,
        link: "/admin/donations",
        gift: { minor: Number(row.amount_cents) - Number(row.refunded_cents), currency: row.currency },
        fields: fieldsOf(row),
      })),
    ];
  },

  rectify: rectifyColumns("donations", { name: "donor_name", email: "donor_email" }),

  async erase(trx, key, context) {
    const rows = await trx
      .selectFrom("donations")
      .select(["id", "provider", "customer_id", "subscription_id", "checkout_session_id"])
      .where(addressIs("donor_email", key))
      .execute();
    if (rows.length === 0) return { erased: 0, keptByLaw: 0 };
    await trx
      .updateTable("donations")
      .set({ donor_name: context.pseudonymName, donor_email: context.pseudonymEmail })
      .where(addressIs("donor_email", key))
      .execute();
    const atChapa = rows
      .filter((row) => row.provider === "chapa")
      .map((row) => ({ provider: "Chapa", what: "transaction", reference: row.checkout_session_id }));
    const atStripe = rows
      .filter((row) => row.provider === "stripe")
      .flatMap((row) => [
        ...(row.customer_id ? [{ provider: "Stripe", what: "customer", reference: row.customer_id }] : []),
        ...(row.subscription_id ? [{ provider: "Stripe", what: "subscription", reference: row.subscription_id }] : []),
        ...(row.customer_id
          ? []
          : [{ provider: "Stripe", what: "checkout session", reference: row.checkout_session_id }]),
      ]);
    const unique = [
      ...new Map([...atStripe, ...atChapa].map((entry) => [`${entry.what}:${entry.reference}`, entry])).values(),
    ];
    return { erased: 0, keptByLaw: rows.length, atProviders: unique };
  },
};
