import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { countsAsGiving } from "../donations/counted-gifts.ts";
import { netUsdCents } from "../donations/donations.repository.ts";
import type { CampaignTable } from "./campaigns.table.ts";

export async function insertCampaign(db: Db, row: CampaignTable): Promise<void> {
  await db.insertInto("campaigns").values(row).execute();
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom("campaigns").select("id").where("slug", "=", slug).executeTakeFirst());
}

export async function listCampaigns(db: Db): Promise<CampaignTable[]> {
  return db.selectFrom("campaigns").selectAll().orderBy("starts_on", "desc").orderBy("created_at", "desc").execute();
}

export async function findCampaign(db: Db, id: string): Promise<CampaignTable | undefined> {
  return db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findCampaignBySlug(db: Db, slug: string): Promise<CampaignTable | undefined> {
  return db.selectFrom("campaigns").selectAll().where("slug", "=", slug.toLowerCase()).executeTakeFirst();
}

/** When each newsletter sign-up that came through a campaign's links was made, between two instants. */
export async function attributedSignUps(db: Db, slug: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom("subscribers")
    .select("created_at")
    .where("utm_campaign", "=", slug)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .execute();
  return rows.map((row) => row.created_at);
}

export interface AttributedPayment {
  paidAt: string;
  currency: string;
  /** Net of refunds, in the payment's currency. */
  cents: number;
  /** Its value in US cents as the ledger counts it (birr without a rate: 0). */
  usdCents: number;
}

/**
 * The ledger's payments between two instants of gifts that came through a campaign's links
 * (docs/decisions/0801-campaign-results.md); test gifts never count (`countsAsGiving`).
 */
export async function attributedPayments(db: Db, slug: string, from: string, to: string): Promise<AttributedPayment[]> {
  const rows = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select([
      "p.paid_at",
      "p.currency",
      sql<number>`p.amount_cents - p.refunded_cents`.as("cents"),
      netUsdCents("p").as("usd_cents"),
    ])
    .where("d.utm_campaign", "=", slug)
    .where(countsAsGiving("d"))
    .where("p.paid_at", ">=", from)
    .where("p.paid_at", "<", to)
    .execute();
  return rows.map((row) => ({
    paidAt: row.paid_at,
    currency: row.currency,
    cents: Number(row.cents),
    usdCents: Number(row.usd_cents),
  }));
}

export interface AttributedTransfer {
  /** The day the money arrived ('yyyy-MM-dd'), as staff confirmed it. */
  receivedOn: string;
  currency: string;
  cents: number;
  usdCents: number;
}

/**
 * Bank transfers whose notice came through a campaign's links and that staff confirmed into a gift,
 * received between two days (inclusive) (docs/decisions/0860-transfer-notices-carry-attribution.md);
 * a deleted gift counts nowhere.
 */
export async function attributedTransfers(
  db: Db,
  slug: string,
  fromDay: string,
  toDay: string,
): Promise<AttributedTransfer[]> {
  const rows = await db
    .selectFrom("offline_gifts as g")
    .innerJoin("gift_pledges as p", "p.id", "g.pledge_id")
    .select(["g.received_on", "g.currency", "g.amount_minor", "g.usd_cents"])
    .where("p.utm_campaign", "=", slug)
    .where("g.deleted_at", "is", null)
    .where("g.received_on", ">=", fromDay)
    .where("g.received_on", "<=", toDay)
    .execute();
  return rows.map((row) => ({
    receivedOn: row.received_on,
    currency: row.currency,
    cents: Number(row.amount_minor),
    usdCents: Number(row.usd_cents),
  }));
}
