import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { PageViewTable } from "./visits.table.ts";

/** The dimensions each day is rolled up by; `total` has one row, value "". */
export const DIMENSIONS = [
  "total",
  "path",
  "source",
  "campaign",
  "language",
  "device",
  "country",
  "donate_source",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const SOURCE = sql<string>`case when utm_source <> '' then utm_source when referrer_host <> '' then referrer_host else 'direct' end`;
/** The donation page in each language: the funnel's first step. */
export const DONATE_PATHS = ["/donate", "/am/donate"];

/** The SQL value of each dimension on a raw view (source: the UTM source, else the linking site, else "direct"). */
const DIMENSION_SQL: Record<Dimension, ReturnType<typeof sql<string>>> = {
  total: sql<string>`''`,
  path: sql<string>`path`,
  source: SOURCE,
  campaign: sql<string>`utm_campaign`,
  language: sql<string>`language`,
  device: sql<string>`device`,
  country: sql<string>`country`,
  /** The sources of the donation page's views only. */
  donate_source: SOURCE,
};
/** Dimensions whose empty value means "not known" and is left out. */
const SKIP_EMPTY = new Set<Dimension>(["campaign", "country"]);

export interface DayCount {
  day: string;
  value: string;
  views: number;
  visitors: number;
}

export async function saltOf(db: Db, day: string): Promise<string | undefined> {
  const row = await db.selectFrom("visit_salts").select("salt").where("day", "=", day).executeTakeFirst();
  return row?.salt;
}

/** Stores the day's salt unless another instance did first; answers the one stored. */
export async function keepSalt(db: Db, day: string, salt: string, createdAt: string): Promise<string> {
  await db
    .insertInto("visit_salts")
    .values({ day, salt, created_at: createdAt })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  return (await saltOf(db, day)) ?? salt;
}

export async function deleteSaltsMadeBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("visit_salts").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows per INSERT (14 columns each: well under SQLite's parameter limit). */
const INSERT_BATCH = 200;

/** Inserts the rows in one transaction (one disk flush however many batches). */
export async function insertViews(db: Db, rows: PageViewTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await trx
        .insertInto("page_views")
        .values(rows.slice(start, start + INSERT_BATCH))
        .execute();
    }
  });
}

/** Days with raw views before `today` that are not rolled up yet. */
export async function daysToRollUp(db: Db, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom("page_views")
    .select("day")
    .distinct()
    .where("day", "<", today)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("visit_days as d")
            .select("d.day")
            .whereRef("d.day", "=", "page_views.day")
            .where("d.dimension", "=", "total"),
        ),
      ),
    )
    .orderBy("day")
    .execute();
  return rows.map((row) => row.day);
}

/** Replaces the day's aggregates with the counts of its raw views, in one transaction. */
export async function rollUpDay(db: Db, day: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("visit_days").where("day", "=", day).execute();
    for (const dimension of DIMENSIONS) {
      const value = DIMENSION_SQL[dimension];
      let counts = trx
        .selectFrom("page_views")
        .select([
          "day",
          sql.lit(dimension).as("dimension"),
          value.as("value"),
          sql<number>`sum(views)`.as("views"),
          sql<number>`count(distinct visitor)`.as("visitors"),
        ])
        .where("day", "=", day)
        .groupBy(dimension === "total" ? ["day"] : ["day", value]);
      if (SKIP_EMPTY.has(dimension)) counts = counts.where(value, "<>", "");
      if (dimension === "donate_source") counts = counts.where("path", "in", DONATE_PATHS);
      await trx
        .insertInto("visit_days")
        .columns(["day", "dimension", "value", "views", "visitors"])
        .expression(counts)
        .execute();
    }
  });
}

export async function deleteViewsBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom("page_views").where("day", "<", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A dimension's counts per day from `from` on: the rolled-up days from their aggregates, the others
 * (today, and a day the job has not reached yet) counted from the raw views.
 */
export async function countsSince(db: Db, dimension: Dimension, from: string): Promise<DayCount[]> {
  const rolled = await db
    .selectFrom("visit_days")
    .select(["day", "value", "views", "visitors"])
    .where("dimension", "=", dimension)
    .where("day", ">=", from)
    .execute();
  const rolledDays = (
    await db.selectFrom("visit_days").select("day").where("dimension", "=", "total").where("day", ">=", from).execute()
  ).map((row) => row.day);
  const value = DIMENSION_SQL[dimension];
  let raw = db
    .selectFrom("page_views")
    .select([
      "day",
      value.as("value"),
      sql<number>`sum(views)`.as("views"),
      sql<number>`count(distinct visitor)`.as("visitors"),
    ])
    .where("day", ">=", from)
    .groupBy(dimension === "total" ? ["day"] : ["day", value]);
  if (rolledDays.length > 0) raw = raw.where("day", "not in", rolledDays);
  if (SKIP_EMPTY.has(dimension)) raw = raw.where(value, "<>", "");
  if (dimension === "donate_source") raw = raw.where("path", "in", DONATE_PATHS);
  const fresh = await raw.execute();
  return [...rolled, ...fresh].map((row) => ({
    day: row.day,
    value: row.value,
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}
