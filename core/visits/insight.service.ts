import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { toMajorDecimal } from "../money/money.ts";
import { addDays, daysBetween } from "../shared/calendar-days.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, toCsv } from "../shared/csv.ts";
import { zonedDate, zonedLocalToDate } from "../shared/site-time.ts";
import { totalFor } from "../shared/totals.ts";
import { parseInput } from "../shared/validation.ts";
import {
  type CampaignDay,
  type CampaignRanked,
  type FunnelMethod,
  INSIGHT_TABLES,
  type InsightReport,
  type InsightTable,
  type PostRead,
  type Ranked,
} from "./insight.constants.ts";
import * as funnelRepo from "./insight.repository.ts";
import { countsSince, type DayCount, type Dimension, DONATE_PATHS } from "./visits.repository.ts";

const TOP = 20;

const Days = z.coerce.number().int().min(1, "Days must be 1 to 365").max(365, "Days must be 1 to 365").default(30);
const InsightQuerySchema = z.object({ days: Days });

const InsightExportSchema = z.object({
  days: Days,
  table: z.enum(INSIGHT_TABLES, { message: "Choose one of the tables" }),
});
export const INSIGHT_AUDIT_ENTITY = "insight";

function ranked(counts: DayCount[], limit = TOP): Ranked[] {
  const byValue = new Map<string, Ranked>();
  for (const { value, views, visitors } of counts) {
    const entry = byValue.get(value) ?? { value, views: 0, visitors: 0 };
    entry.views += views;
    entry.visitors += visitors;
    byValue.set(value, entry);
  }
  return [...byValue.values()]
    .sort((a, b) => b.views - a.views || b.visitors - a.visitors || a.value.localeCompare(b.value))
    .slice(0, limit);
}

const countOf = (counts: funnelRepo.MethodCount[], method: string) =>
  counts.find((entry) => entry.method === method)?.count ?? 0;

/** Each source's donation page views beside its checkouts started and paid; the busiest first. */
function funnelBySource(
  donateViews: Ranked[],
  checkouts: funnelRepo.SourceMethodCount[],
): InsightReport["funnel"]["bySource"] {
  const bySource = new Map<string, InsightReport["funnel"]["bySource"][number]>();
  const entry = (source: string) => totalFor(bySource, source, () => ({ source, opened: 0, started: 0, paid: 0 }));
  for (const view of donateViews) entry(view.value).opened += view.visitors;
  for (const checkout of checkouts) {
    const found = entry(checkout.source);
    found.started += checkout.started;
    found.paid += checkout.paid;
  }
  return [...bySource.values()]
    .sort((a, b) => b.opened + b.started - (a.opened + a.started) || a.source.localeCompare(b.source))
    .slice(0, TOP);
}

/** Each campaign tag's visits beside its sign-ups, gifts and money; the busiest first. */
function campaignsRanked(views: DayCount[], giving: funnelRepo.CampaignGiving[]): CampaignRanked[] {
  const byCampaign = new Map<string, CampaignRanked>(
    ranked(views, Number.POSITIVE_INFINITY).map((row) => [
      row.value,
      { ...row, signUps: 0, gifts: 0, raisedUsdCents: 0 },
    ]),
  );
  for (const { campaign, signUps, gifts, raisedUsdCents } of giving) {
    const found = byCampaign.get(campaign) ?? {
      value: campaign,
      views: 0,
      visitors: 0,
      signUps: 0,
      gifts: 0,
      raisedUsdCents: 0,
    };
    byCampaign.set(campaign, { ...found, signUps, gifts, raisedUsdCents });
  }
  return [...byCampaign.values()]
    .sort((a, b) => b.views - a.views || b.gifts - a.gifts || b.signUps - a.signUps || a.value.localeCompare(b.value))
    .slice(0, TOP);
}

/** A blog post's page in either language; its id. */
const POST_PATH = /^(?:\/am)?\/blog\/([^/]+)$/;
const TOP_POSTS = 10;

/**
 * The most read posts (both languages added up) and what the visits that first landed on each led
 * to: sign-ups, and checkouts and transfer notices started and paid.
 */
async function postsRead(db: Db, allPages: Ranked[], start: string, end: string): Promise<PostRead[]> {
  const byPost = new Map<string, { views: number; visitors: number; paths: string[] }>();
  for (const { value: path, views, visitors } of allPages) {
    const id = POST_PATH.exec(path)?.[1];
    if (!id) continue;
    const post = totalFor(byPost, id, () => ({ views: 0, visitors: 0, paths: [] as string[] }));
    post.views += views;
    post.visitors += visitors;
    post.paths.push(path);
  }
  const titles = await funnelRepo.postTitles(db, [...byPost.keys()]);
  const top = [...byPost.entries()]
    .filter(([id]) => titles.has(id))
    .sort(([a, left], [b, right]) => right.views - left.views || right.visitors - left.visitors || a.localeCompare(b))
    .slice(0, TOP_POSTS);
  const ledTo = await funnelRepo.ledToByLanding(
    db,
    top.flatMap(([, post]) => post.paths),
    start,
    end,
  );
  return top.map(([id, { views, visitors, paths }]) => {
    const mine = ledTo.filter((entry) => paths.includes(entry.landing));
    const sum = (pick: (entry: funnelRepo.LandingLedTo) => number) =>
      mine.reduce((total, entry) => total + pick(entry), 0);
    return {
      value: id,
      title: titles.get(id) ?? id,
      views,
      visitors,
      signUps: sum((entry) => entry.signUps),
      started: sum((entry) => entry.started),
      paid: sum((entry) => entry.paid),
    };
  });
}

const RANKED = <Row extends Ranked>(label: string): CsvColumn<Row>[] => [
  { header: label, value: (row) => row.value },
  { header: "Page views", value: (row) => row.views },
  { header: "Visitors", value: (row) => row.visitors },
];

/** One table of the report as CSV rows. */
function tableCsv(report: InsightReport, table: InsightTable): string {
  switch (table) {
    case "days":
      return toCsv(
        [
          { header: "Day", value: (row) => row.day },
          { header: "Visitors", value: (row) => row.visitors },
          { header: "Page views", value: (row) => row.pageViews },
        ],
        report.perDay,
      );
    case "pages":
      return toCsv(RANKED("Page"), report.pages);
    case "sources":
      return toCsv(RANKED("Source"), report.sources);
    case "campaigns":
      return toCsv(
        [
          ...RANKED<CampaignRanked>("Campaign"),
          { header: "Sign-ups", value: (row) => row.signUps },
          { header: "Gifts", value: (row) => row.gifts },
          { header: "Raised in USD", value: (row) => toMajorDecimal(row.raisedUsdCents, "usd") },
        ],
        report.campaigns,
      );
    case "languages":
      return toCsv(RANKED("Language"), report.languages);
    case "devices":
      return toCsv(RANKED("Device"), report.devices);
    case "countries":
      return toCsv(RANKED("Country"), report.countries);
    case "posts":
      return toCsv(
        [
          { header: "Post", value: (row) => row.title },
          { header: "Page views", value: (row) => row.views },
          { header: "Visitors", value: (row) => row.visitors },
          { header: "Sign-ups", value: (row) => row.signUps },
          { header: "Gifts started", value: (row) => row.started },
          { header: "Gifts paid", value: (row) => row.paid },
        ],
        report.posts,
      );
    case "funnel-steps":
      return toCsv(
        [
          { header: "Step", value: (row) => row.step },
          { header: "Count", value: (row) => row.count },
        ],
        [
          { step: "Donate opened", count: report.funnel.opened },
          { step: "Checkout started", count: report.funnel.started },
          { step: "Paid", count: report.funnel.paid },
        ],
      );
    case "funnel-by-source":
      return toCsv(
        [
          { header: "Source", value: (row) => row.source },
          { header: "Opened", value: (row) => row.opened },
          { header: "Started", value: (row) => row.started },
          { header: "Paid", value: (row) => row.paid },
        ],
        report.funnel.bySource,
      );
    case "funnel":
      return toCsv(
        [
          { header: "Method", value: (row) => row.method },
          { header: "Started", value: (row) => row.started },
          { header: "Paid", value: (row) => row.paid },
        ],
        report.funnel.byMethod,
      );
    case "funnel-sources":
      return toCsv(
        [
          { header: "Source", value: (row) => row.source },
          { header: "Method", value: (row) => row.method },
          { header: "Started", value: (row) => row.started },
          { header: "Paid", value: (row) => row.paid },
        ],
        report.funnel.bySourceMethod,
      );
  }
}

/** Admin → Insight in one call: visits from the aggregates and today's raw views, the donation funnel. */
export function createInsightService({ db, clock, audit }: { db: Db; clock: Clock; audit: Audit }) {
  const service = {
    /** A campaign's views and visitors on each day from `from` to `to` (or today, if sooner). */
    async campaignDays(slug: string, from: string, to: string): Promise<CampaignDay[]> {
      const today = zonedDate(clock().toISOString());
      const last = to < today ? to : today;
      if (last < from) return [];
      const counts = (await countsSince(db, "campaign", from)).filter((row) => row.value === slug);
      const byDay = new Map(counts.map((row) => [row.day, row]));
      return daysBetween(from, last).map((day) => ({
        day,
        views: byDay.get(day)?.views ?? 0,
        visitors: byDay.get(day)?.visitors ?? 0,
      }));
    },

    /** One table as a CSV file (small: at most a year of days or the top 20), recorded like every export. */
    async exportCsv(query: unknown, actor: Actor): Promise<{ name: string; csv: string }> {
      const { days, table } = parseInput(InsightExportSchema, query);
      const csv = tableCsv(await service.report({ days }), table);
      await db
        .transaction()
        .execute((trx) =>
          audit.record(trx, actor, { action: "export", entity: INSIGHT_AUDIT_ENTITY, values: { table, days } }),
        );
      return { name: `insight-${table}-${days}-days`, csv };
    },

    async report(query: unknown): Promise<InsightReport> {
      const { days } = parseInput(InsightQuerySchema, query);
      const now = clock();
      const to = zonedDate(now.toISOString());
      const from = addDays(to, -(days - 1));
      const counts = (dimension: Dimension) => countsSince(db, dimension, from);
      const [total, pages, sources, campaigns, languages, devices, countries, donateSources] = await Promise.all([
        counts("total"),
        counts("path"),
        counts("source"),
        counts("campaign"),
        counts("language"),
        counts("device"),
        counts("country"),
        counts("donate_source"),
      ]);
      const perDayMap = new Map(total.map((row) => [row.day, row]));
      const perDay = daysBetween(from, to).map((day) => ({
        day,
        visitors: perDayMap.get(day)?.visitors ?? 0,
        pageViews: perDayMap.get(day)?.views ?? 0,
      }));
      const start = (zonedLocalToDate(`${from}T00:00`) as Date).toISOString();
      const end = (zonedLocalToDate(`${addDays(to, 1)}T00:00`) as Date).toISOString();
      const [started, paid, checkouts, notices, giving] = await Promise.all([
        funnelRepo.checkoutsStarted(db, start, end),
        funnelRepo.checkoutsPaid(db, start, end),
        funnelRepo.checkoutsBySource(db, start, end),
        funnelRepo.noticesBySource(db, start, end),
        funnelRepo.givingByCampaign(db, start, end, from, to),
      ]);
      const byMethod: FunnelMethod[] = [
        { method: "card", started: countOf(started, "card"), paid: countOf(paid, "card") },
        { method: "birr", started: countOf(started, "birr"), paid: countOf(paid, "birr") },
        {
          method: "bank",
          started: notices.reduce((sum, entry) => sum + entry.started, 0),
          paid: notices.reduce((sum, entry) => sum + entry.paid, 0),
        },
      ];
      const bySourceMethod = [...checkouts, ...notices];
      // Every page over the period, not only the top ones: posts and the donation page are read from it.
      const allPages = ranked(pages, Number.POSITIVE_INFINITY);
      const posts = await postsRead(db, allPages, start, end);
      const donateViews = ranked(donateSources, Number.POSITIVE_INFINITY);
      return {
        days,
        from,
        to,
        visitors: perDay.reduce((sum, day) => sum + day.visitors, 0),
        pageViews: perDay.reduce((sum, day) => sum + day.pageViews, 0),
        perDay,
        pages: ranked(pages),
        sources: ranked(sources),
        campaigns: campaignsRanked(campaigns, giving),
        languages: ranked(languages),
        devices: ranked(devices),
        countries: ranked(countries),
        posts,
        funnel: {
          // Visitors, not views: opening the pop-up again, or the donation page after it, is the same
          // step (each day's visitors of the page in each language, added up).
          opened: allPages
            .filter((page) => DONATE_PATHS.includes(page.value))
            .reduce((sum, page) => sum + page.visitors, 0),
          started: byMethod.reduce((sum, entry) => sum + entry.started, 0),
          paid: byMethod.reduce((sum, entry) => sum + entry.paid, 0),
          byMethod,
          bySource: funnelBySource(donateViews, bySourceMethod),
          bySourceMethod: bySourceMethod.sort(
            (a, b) => b.started - a.started || a.source.localeCompare(b.source) || a.method.localeCompare(b.method),
          ),
        },
      };
    },
  };
  return service;
}
