import sharp from "sharp";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { CURRENCIES, percentBeyond, toMajorDecimal } from "../money/money.ts";
import { addDays } from "../shared/calendar-days.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, toCsv } from "../shared/csv.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { qrSvgDocument } from "../shared/qr-code.ts";
import { isRecordId } from "../shared/record-id.ts";
import { zonedDate, zonedLocalToDate } from "../shared/site-time.ts";
import { parseInput } from "../shared/validation.ts";
import type { CampaignDay } from "../visits/insight.constants.ts";
import * as repo from "./campaigns.repository.ts";
import {
  type Campaign,
  CampaignInputSchema,
  type CampaignResultDay,
  type CampaignResults,
  slugOf,
} from "./campaigns.schema.ts";
import type { CampaignTable } from "./campaigns.table.ts";

export const CAMPAIGN_AUDIT_ENTITY = "campaign";

/** A campaign's days added up; the goal is in US cents, as the money raised is counted. */
function resultsOf(days: CampaignResultDay[], goalCents: number | null): CampaignResults {
  const sum = (pick: (day: CampaignResultDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  const raised: Record<string, number> = {};
  for (const day of days) {
    for (const [currency, cents] of Object.entries(day.raised)) raised[currency] = (raised[currency] ?? 0) + cents;
  }
  const raisedUsdCents = sum((day) => day.raisedUsdCents);
  return {
    views: sum((day) => day.views),
    visitors: sum((day) => day.visitors),
    signUps: sum((day) => day.signUps),
    gifts: sum((day) => day.gifts),
    raised,
    raisedUsdCents,
    // Past 100 when the goal was beaten: a campaign's staff want to see by how much.
    goalPercent: goalCents === null ? null : percentBeyond(raisedUsdCents, goalCents),
  };
}

const RESULT_COLUMNS: CsvColumn<CampaignResultDay>[] = [
  { header: "Day", value: (day) => day.day },
  { header: "Visitors", value: (day) => day.visitors },
  { header: "Page views", value: (day) => day.views },
  { header: "Sign-ups", value: (day) => day.signUps },
  { header: "Gifts", value: (day) => day.gifts },
  ...CURRENCIES.map(
    (currency): CsvColumn<CampaignResultDay> => ({
      header: `Raised (${currency.toUpperCase()})`,
      value: (day) => toMajorDecimal(day.raised[currency] ?? 0, currency),
    }),
  ),
  { header: "Raised in USD", value: (day) => toMajorDecimal(day.raisedUsdCents, "usd") },
];
const CAMPAIGN_NOT_FOUND = "Campaign not found";
const NO_SUCH_FUND = "Choose one of the funds";

const DONATION_PAGE = /^(\/am)?\/donate\/?$/;

/**
 * The landing page with the campaign's tags (the short link's target); a campaign for a fund that
 * lands on the donation page opens it with that fund chosen.
 */
export function taggedUrl(
  siteUrl: string,
  row: Pick<CampaignTable, "landing_path" | "source" | "medium" | "slug" | "fund_id">,
) {
  const url = new URL(row.landing_path, `${siteUrl}/`);
  if (row.fund_id && DONATION_PAGE.test(url.pathname)) url.searchParams.set("fund", row.fund_id);
  url.searchParams.set("utm_source", row.source);
  url.searchParams.set("utm_medium", row.medium);
  url.searchParams.set("utm_campaign", row.slug);
  return url.toString();
}

export function createCampaignsService({
  db,
  clock,
  audit,
  publicSiteUrl,
  campaignDays,
  fundTitle,
}: {
  db: Db;
  clock: Clock;
  audit: Audit;
  publicSiteUrl: string;
  /** A fund's title, undefined for no such fund (core/funds). */
  fundTitle: (id: string) => Promise<string | undefined>;
  /** Visits through the campaign's links per day (core/visits). */
  campaignDays: (slug: string, from: string, to: string) => Promise<CampaignDay[]>;
}) {
  const shortUrl = (slug: string) => `${publicSiteUrl}/c/${slug}`;

  const toCampaign = (row: CampaignTable): Campaign => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    goalCents: row.goal_cents,
    fundId: row.fund_id,
    landingPath: row.landing_path,
    source: row.source,
    medium: row.medium,
    createdAt: row.created_at,
    links: {
      url: taggedUrl(publicSiteUrl, row),
      short: shortUrl(row.slug),
      qrSvg: `/api/campaigns/${row.id}/qr.svg`,
      qrPng: `/api/campaigns/${row.id}/qr.png`,
    },
  });

  /** Each of the campaign's days up to today, with its visits and what came through its links. */
  async function resultDays(row: CampaignTable): Promise<CampaignResultDay[]> {
    const visits = await campaignDays(row.slug, row.starts_on, row.ends_on);
    if (visits.length === 0) return [];
    const from = (zonedLocalToDate(`${row.starts_on}T00:00`) as Date).toISOString();
    const to = (zonedLocalToDate(`${addDays(visits.at(-1)?.day ?? row.ends_on, 1)}T00:00`) as Date).toISOString();
    const [signUps, payments, transfers] = await Promise.all([
      repo.attributedSignUps(db, row.slug, from, to),
      repo.attributedPayments(db, row.slug, from, to),
      repo.attributedTransfers(db, row.slug, row.starts_on, visits.at(-1)?.day ?? row.ends_on),
    ]);
    const days = new Map<string, CampaignResultDay>(
      visits.map((visit) => [visit.day, { ...visit, signUps: 0, gifts: 0, raised: {}, raisedUsdCents: 0 }]),
    );
    for (const createdAt of signUps) {
      const day = days.get(zonedDate(createdAt));
      if (day) day.signUps += 1;
    }
    // Card and birr payments on the day they were paid; confirmed bank transfers on the day they arrived.
    const gifts = [
      ...payments.map((payment) => ({ ...payment, day: zonedDate(payment.paidAt) })),
      ...transfers.map((transfer) => ({ ...transfer, day: transfer.receivedOn })),
    ];
    for (const payment of gifts) {
      const day = days.get(payment.day);
      if (!day) continue;
      day.gifts += 1;
      day.raised[payment.currency] = (day.raised[payment.currency] ?? 0) + payment.cents;
      day.raisedUsdCents += payment.usdCents;
    }
    return [...days.values()];
  }

  /**
   * A slug no campaign has, and never one a newsletter's links carry (`newsletter-…`,
   * core/newsletters/render-newsletter.ts): their visits and gifts would be counted as the campaign's.
   */
  async function freeSlug(name: string): Promise<string> {
    const named = slugOf(name);
    const base = /^newsletter(-|$)/.test(named) ? `campaign-${named}`.slice(0, 40).replace(/-+$/, "") : named;
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(db, slug))) return slug;
    }
  }

  async function find(id: string): Promise<CampaignTable> {
    const row = isRecordId(id) ? await repo.findCampaign(db, id) : undefined;
    if (!row) throw new NotFoundError(CAMPAIGN_NOT_FOUND);
    return row;
  }

  return {
    async list(): Promise<Campaign[]> {
      return (await repo.listCampaigns(db)).map(toCampaign);
    },

    /**
     * The campaign with what came through its links on each of its days so far: visits, sign-ups,
     * gifts and money (docs/decisions/0801-campaign-results.md), and those added up.
     */
    async get(id: string): Promise<Campaign & { days: CampaignResultDay[]; results: CampaignResults }> {
      const row = await find(id);
      const days = await resultDays(row);
      return { ...toCampaign(row), days, results: resultsOf(days, row.goal_cents) };
    },

    /** Its days as CSV, recorded like every export. */
    async exportCsv(id: string, actor: Actor): Promise<{ name: string; csv: string }> {
      const row = await find(id);
      const days = await resultDays(row);
      await db.transaction().execute((trx) =>
        audit.record(trx, actor, {
          action: "export",
          entity: CAMPAIGN_AUDIT_ENTITY,
          entityId: row.id,
          values: { rows: days.length },
        }),
      );
      return { name: `campaign-${row.slug}`, csv: toCsv(RESULT_COLUMNS, days) };
    },

    async create(input: unknown, actor: Actor): Promise<Campaign> {
      const fields = parseInput(CampaignInputSchema, input);
      if (fields.fundId && !(await fundTitle(fields.fundId)))
        throw new ValidationError(NO_SUCH_FUND, { fundId: NO_SUCH_FUND });
      const row: CampaignTable = {
        id: newId(),
        slug: await freeSlug(fields.name),
        name: fields.name,
        starts_on: fields.startsOn,
        ends_on: fields.endsOn,
        goal_cents: fields.goal,
        currency: "usd",
        fund_id: fields.fundId,
        landing_path: fields.landingPath,
        source: fields.source,
        medium: fields.medium,
        created_at: clock().toISOString(),
        created_by: actor.id ?? actor.email,
      };
      async function insertRecorded(row: CampaignTable) {
        await db.transaction().execute(async (trx) => {
          await repo.insertCampaign(trx, row);
          await audit.record(trx, actor, {
            action: "create",
            entity: CAMPAIGN_AUDIT_ENTITY,
            entityId: row.id,
            fields: Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== null),
          });
        });
      }
      // Two campaigns of one name saved at once: the second takes the next free slug.
      for (let attempt = 1; ; attempt++) {
        try {
          await insertRecorded(row);
          return toCampaign(row);
        } catch (error) {
          if (attempt === 3 || !(await repo.slugTaken(db, row.slug))) throw error;
          row.slug = await freeSlug(fields.name);
        }
      }
    },

    /** Where `/c/{slug}` sends the visitor; undefined for no such campaign. */
    async redirectFor(slug: string): Promise<string | undefined> {
      // Only what `slugOf` makes can name a campaign (a stray byte would reach the database otherwise).
      if (!/^[a-z0-9-]+$/i.test(slug)) return undefined;
      const row = await repo.findCampaignBySlug(db, slug);
      return row && taggedUrl(publicSiteUrl, row);
    },

    async qrSvg(id: string): Promise<string> {
      return qrSvgDocument(shortUrl((await find(id)).slug));
    },

    async qrPng(id: string): Promise<Buffer> {
      return sharp(Buffer.from(qrSvgDocument(shortUrl((await find(id)).slug), 1024)))
        .png()
        .toBuffer();
    },
  };
}
