import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { countsAsGiving } from "../donations/counted-gifts.ts";
import { REPORTING_CURRENCY } from "../money/money.ts";

/**
 * Every gift with a donor's address as (donor, year, day, dollar cents): card payments net of refunds
 * (dollar gifts; the ledger's tiles count the same) and offline gifts at their dollar value. A donor
 * is an address, compared lower-cased; test gifts make nobody a donor. Years and days are UTC, as the ledger's periods.
 */
const gifts = (db: Db) =>
  db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select([
      sql<string>`lower(d.donor_email)`.as("donor"),
      sql<string>`substr(p.paid_at, 1, 10)`.as("day"),
      sql<number>`p.amount_cents - p.refunded_cents`.as("cents"),
      "d.donor_name as name",
    ])
    .where("d.donor_email", "is not", null)
    .where("p.currency", "=", REPORTING_CURRENCY)
    .where(countsAsGiving("d"))
    .unionAll(
      db
        .selectFrom("offline_gifts")
        .select([
          sql<string>`lower(donor_email)`.as("donor"),
          "received_on as day",
          "usd_cents as cents",
          "donor_name as name",
        ])
        .where("donor_email", "is not", null)
        .where("deleted_at", "is", null),
    );

/** Each donor's giving in `year` and the year before, and whether they gave in any earlier year. */
const donorsAround = (db: Db, year: number) =>
  db
    .selectFrom(gifts(db).as("g"))
    .select((eb) => [
      "g.donor",
      sql<number>`sum(case when substr(g.day, 1, 4) = ${String(year)} then g.cents else 0 end)`.as("this_cents"),
      sql<number>`sum(case when substr(g.day, 1, 4) = ${String(year - 1)} then g.cents else 0 end)`.as("prev_cents"),
      sql<number>`max(case when substr(g.day, 1, 4) = ${String(year)} then 1 else 0 end)`.as("gave_this"),
      sql<number>`max(case when substr(g.day, 1, 4) = ${String(year - 1)} then 1 else 0 end)`.as("gave_prev"),
      sql<number>`max(case when substr(g.day, 1, 4) < ${String(year - 1)} then 1 else 0 end)`.as("gave_before"),
      eb.fn.max("g.day").as("last_day"),
      eb.fn.max("g.name").as("name"),
    ])
    .where(sql<string>`substr(g.day, 1, 4)`, "<=", String(year))
    .groupBy("g.donor");

export interface RetentionRow {
  retained: number;
  retainedCents: number;
  new: number;
  newCents: number;
  recaptured: number;
  recapturedCents: number;
  lapsed: number;
  lapsedCents: number;
  lastYearDonors: number;
}

/** One year's retention figures, counted and summed in SQL. */
export async function retentionOf(db: Db, year: number): Promise<RetentionRow> {
  const row = await db
    .selectFrom(donorsAround(db, year).as("d"))
    .select([
      sql<number>`sum(case when gave_this = 1 and gave_prev = 1 then 1 else 0 end)`.as("retained"),
      sql<number>`sum(case when gave_this = 1 and gave_prev = 1 then this_cents else 0 end)`.as("retained_cents"),
      sql<number>`sum(case when gave_this = 1 and gave_prev = 0 and gave_before = 0 then 1 else 0 end)`.as("new"),
      sql<number>`sum(case when gave_this = 1 and gave_prev = 0 and gave_before = 0 then this_cents else 0 end)`.as(
        "new_cents",
      ),
      sql<number>`sum(case when gave_this = 1 and gave_prev = 0 and gave_before = 1 then 1 else 0 end)`.as(
        "recaptured",
      ),
      sql<number>`sum(case when gave_this = 1 and gave_prev = 0 and gave_before = 1 then this_cents else 0 end)`.as(
        "recaptured_cents",
      ),
      sql<number>`sum(case when gave_this = 0 and gave_prev = 1 then 1 else 0 end)`.as("lapsed"),
      sql<number>`sum(case when gave_this = 0 and gave_prev = 1 then prev_cents else 0 end)`.as("lapsed_cents"),
      sql<number>`sum(gave_prev)`.as("last_year_donors"),
    ])
    .executeTakeFirstOrThrow();
  return {
    retained: Number(row.retained ?? 0),
    retainedCents: Number(row.retained_cents ?? 0),
    new: Number(row.new ?? 0),
    newCents: Number(row.new_cents ?? 0),
    recaptured: Number(row.recaptured ?? 0),
    recapturedCents: Number(row.recaptured_cents ?? 0),
    lapsed: Number(row.lapsed ?? 0),
    lapsedCents: Number(row.lapsed_cents ?? 0),
    lastYearDonors: Number(row.last_year_donors ?? 0),
  };
}

export interface LapsedDonor {
  email: string;
  name: string | null;
  /** 'yyyy-MM-dd' of their last gift (in the year before). */
  lastGiftOn: string;
  /** What they gave in the year before, in dollar cents. */
  lastYearCents: number;
}

/**
 * The lower-cased addresses of the donors who lapsed in `year`, as a subquery (a newsletter's
 * audience reads it: docs/decisions/0792-lapsed-donors-as-a-newsletter-audience.md).
 */
export const lapsedAddresses = (db: Db, year: number) =>
  db
    .selectFrom(donorsAround(db, year).as("d"))
    .select("d.donor")
    .where("d.gave_this", "=", 0)
    .where("d.gave_prev", "=", 1);

/** The donors who lapsed in `year`, by address, the `limit` after the address `after` (keyset batches). */
export async function lapsedIn(db: Db, year: number, after: string | undefined, limit: number): Promise<LapsedDonor[]> {
  const rows = await db
    .selectFrom(donorsAround(db, year).as("d"))
    .select(["d.donor", "d.last_day", "d.prev_cents", "d.name"])
    .where("d.gave_this", "=", 0)
    .where("d.gave_prev", "=", 1)
    .$if(after !== undefined, (q) => q.where("d.donor", ">", after as string))
    .orderBy("d.donor")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    email: row.donor,
    name: row.name ?? null,
    lastGiftOn: String(row.last_day),
    lastYearCents: Number(row.prev_cents),
  }));
}
