import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { countsAsGiving } from "../donations/counted-gifts.ts";
import { netUsdCents } from "../donations/donations.repository.ts";
import { totalFor } from "../shared/totals.ts";

export interface MethodCount {
  method: string;
  count: number;
}

/**
 * How a checkout is shown as a method: birr (Chapa, or the sandbox standing in for it) or card
 * (Stripe, or the sandbox standing in for it).
 */
const METHOD = sql<string>`case when provider = 'chapa' or currency = 'etb' then 'birr' else 'card' end`;

/** Checkouts started between two instants, by method (staff trying the checkout in test mode are no visitors). */
export async function checkoutsStarted(db: Db, from: string, to: string): Promise<MethodCount[]> {
  const rows = await db
    .selectFrom("donations")
    .select([METHOD.as("method"), sql<number>`count(*)`.as("count")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where(countsAsGiving())
    .groupBy(METHOD)
    .execute();
  return rows.map((row) => ({ method: row.method, count: Number(row.count) }));
}

/** Checkouts started between two instants that were paid (refunded later or not), by method. */
export async function checkoutsPaid(db: Db, from: string, to: string): Promise<MethodCount[]> {
  const rows = await db
    .selectFrom("donations")
    .select([METHOD.as("method"), sql<number>`count(*)`.as("count")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("paid_at", "is not", null)
    .where(countsAsGiving())
    .groupBy(METHOD)
    .execute();
  return rows.map((row) => ({ method: row.method, count: Number(row.count) }));
}

/** Of the checkouts counted, how many were paid (refunded later or not). */
const CHECKOUTS_PAID = sql<number>`coalesce(sum(case when paid_at is not null then 1 else 0 end), 0)`;
/**
 * Of the transfer notices counted (`p`, joined to the standing gift `g` staff made of one), how many
 * were paid: confirmed into a gift that was not deleted.
 */
const NOTICES_PAID = sql<number>`coalesce(sum(case when p.status = 'confirmed' and g.id is not null then 1 else 0 end), 0)`;

export interface SourceMethodCount {
  source: string;
  method: string;
  started: number;
  paid: number;
}

/**
 * Where a checkout's donor first came from, as page views name a source (core/visits/visits.repository.ts):
 * the UTM source, else the linking site, else "direct" (docs/decisions/0800-attribution.md).
 */
const CHECKOUT_SOURCE = sql<string>`coalesce(utm_source, referrer_host, 'direct')`;

/** Checkouts started between two instants, and how many were paid, by where the donor came from and method. */
export async function checkoutsBySource(db: Db, from: string, to: string): Promise<SourceMethodCount[]> {
  const rows = await db
    .selectFrom("donations")
    .select([
      CHECKOUT_SOURCE.as("source"),
      METHOD.as("method"),
      sql<number>`count(*)`.as("started"),
      CHECKOUTS_PAID.as("paid"),
    ])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where(countsAsGiving())
    .groupBy([CHECKOUT_SOURCE, METHOD])
    .execute();
  return rows.map((row) => ({
    source: row.source,
    method: row.method,
    started: Number(row.started),
    paid: Number(row.paid),
  }));
}

/**
 * Bank transfer notices sent between two instants by where the donor came from: a notice is the step a
 * checkout is, and it is paid once staff confirmed it into a gift that still stands
 * (docs/decisions/0885-transfer-notices-in-the-funnel.md).
 */
export async function noticesBySource(db: Db, from: string, to: string): Promise<SourceMethodCount[]> {
  const source = sql<string>`coalesce(p.utm_source, p.referrer_host, 'direct')`;
  const rows = await db
    .selectFrom("gift_pledges as p")
    .leftJoin("offline_gifts as g", (join) => join.onRef("g.pledge_id", "=", "p.id").on("g.deleted_at", "is", null))
    .select([source.as("source"), sql<number>`count(*)`.as("started"), NOTICES_PAID.as("paid")])
    .where("p.created_at", ">=", from)
    .where("p.created_at", "<", to)
    .groupBy(source)
    .execute();
  return rows.map((row) => ({
    source: row.source,
    method: "bank",
    started: Number(row.started),
    paid: Number(row.paid),
  }));
}

/** What a campaign tag (a campaign's slug, a newsletter's `newsletter-…`) brought besides visits. */
export interface CampaignGiving {
  campaign: string;
  signUps: number;
  gifts: number;
  /** Net of refunds, in US cents as the ledger counts them (birr without a rate: 0). */
  raisedUsdCents: number;
}

/**
 * Per campaign tag, between two instants (and the same days for bank transfers, by the day the money
 * arrived): newsletter sign-ups, and the payments and confirmed transfers of gifts that kept it, as
 * a campaign's own results count them (core/campaigns/campaigns.repository.ts).
 */
export async function givingByCampaign(
  db: Db,
  from: string,
  to: string,
  fromDay: string,
  toDay: string,
): Promise<CampaignGiving[]> {
  const [signUps, payments, transfers] = await Promise.all([
    db
      .selectFrom("subscribers")
      .select(["utm_campaign as campaign", sql<number>`count(*)`.as("count")])
      .where("utm_campaign", "is not", null)
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .groupBy("utm_campaign")
      .execute(),
    db
      .selectFrom("donation_payments as p")
      .innerJoin("donations as d", "d.id", "p.donation_id")
      .select([
        "d.utm_campaign as campaign",
        sql<number>`count(*)`.as("count"),
        sql<number>`coalesce(sum(${netUsdCents("p")}), 0)`.as("usd"),
      ])
      .where("d.utm_campaign", "is not", null)
      .where(countsAsGiving("d"))
      .where("p.paid_at", ">=", from)
      .where("p.paid_at", "<", to)
      .groupBy("d.utm_campaign")
      .execute(),
    db
      .selectFrom("offline_gifts as g")
      .innerJoin("gift_pledges as p", "p.id", "g.pledge_id")
      .select([
        "p.utm_campaign as campaign",
        sql<number>`count(*)`.as("count"),
        sql<number>`coalesce(sum(g.usd_cents), 0)`.as("usd"),
      ])
      .where("p.utm_campaign", "is not", null)
      .where("g.deleted_at", "is", null)
      .where("g.received_on", ">=", fromDay)
      .where("g.received_on", "<=", toDay)
      .groupBy("p.utm_campaign")
      .execute(),
  ]);
  const byCampaign = new Map<string, CampaignGiving>();
  const entry = (campaign: string | null) =>
    totalFor(byCampaign, campaign ?? "", () => ({ campaign: campaign ?? "", signUps: 0, gifts: 0, raisedUsdCents: 0 }));
  for (const row of signUps) entry(row.campaign).signUps += Number(row.count);
  for (const row of [...payments, ...transfers]) {
    const found = entry(row.campaign);
    found.gifts += Number(row.count);
    found.raisedUsdCents += Number(row.usd);
  }
  return [...byCampaign.values()];
}

/** What the visits that first landed on a page led to. */
export interface LandingLedTo {
  landing: string;
  signUps: number;
  /** Checkouts and bank transfer notices started. */
  started: number;
  /** Of those, paid (a notice: confirmed into a gift that stands). */
  paid: number;
}

/**
 * Per landing page among `paths`, between two instants: newsletter sign-ups, and checkouts and
 * transfer notices started and paid, by the landing page each keeps (docs/decisions/0800-attribution.md).
 */
export async function ledToByLanding(db: Db, paths: string[], from: string, to: string): Promise<LandingLedTo[]> {
  if (paths.length === 0) return [];
  const [signUps, checkouts, notices] = await Promise.all([
    db
      .selectFrom("subscribers")
      .select(["landing_path as landing", sql<number>`count(*)`.as("count")])
      .where("landing_path", "in", paths)
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .groupBy("landing_path")
      .execute(),
    db
      .selectFrom("donations")
      .select(["landing_path as landing", sql<number>`count(*)`.as("started"), CHECKOUTS_PAID.as("paid")])
      .where("landing_path", "in", paths)
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .where(countsAsGiving())
      .groupBy("landing_path")
      .execute(),
    db
      .selectFrom("gift_pledges as p")
      .leftJoin("offline_gifts as g", (join) => join.onRef("g.pledge_id", "=", "p.id").on("g.deleted_at", "is", null))
      .select(["p.landing_path as landing", sql<number>`count(*)`.as("started"), NOTICES_PAID.as("paid")])
      .where("p.landing_path", "in", paths)
      .where("p.created_at", ">=", from)
      .where("p.created_at", "<", to)
      .groupBy("p.landing_path")
      .execute(),
  ]);
  const byLanding = new Map<string, LandingLedTo>();
  const entry = (landing: string | null) =>
    totalFor(byLanding, landing ?? "", () => ({ landing: landing ?? "", signUps: 0, started: 0, paid: 0 }));
  for (const row of signUps) entry(row.landing).signUps += Number(row.count);
  for (const row of [...checkouts, ...notices]) {
    const found = entry(row.landing);
    found.started += Number(row.started);
    found.paid += Number(row.paid);
  }
  return [...byLanding.values()];
}

/** The titles of the blog posts among `ids` (a deleted post has none). */
export async function postTitles(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("blog_posts").select(["id", "title"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}
