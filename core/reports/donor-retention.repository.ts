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

/**
 * The retention figures of each of `years`, counted and summed in SQL in one pass over the gifts:
 * each donor's giving per year of the span, then each year's counts from those columns. One query
 * per year read every gift again each time, and on SQLite each held the event loop.
 */
export async function retentionOfYears(db: Db, years: number[]): Promise<Map<number, RetentionRow>> {
  const last = Math.max(...years);
  const span = Array.from({ length: last - Math.min(...years) + 2 }, (_, index) => last - index);
  const perDonor = db
    .selectFrom(gifts(db).as("g"))
    .select([
      "g.donor",
      sql<string>`min(substr(g.day, 1, 4))`.as("first_year"),
      ...span.flatMap((year) => [
        sql<number>`max(case when substr(g.day, 1, 4) = ${String(year)} then 1 else 0 end)`.as(`gave_${year}`),
        sql<number>`sum(case when substr(g.day, 1, 4) = ${String(year)} then g.cents else 0 end)`.as(`cents_${year}`),
      ]),
    ])
    .where(sql<string>`substr(g.day, 1, 4)`, "<=", String(last))
    .groupBy("g.donor");
  const figures = years.flatMap((year) => {
    const [gave, prev, cents, prevCents] = [
      sql.ref(`d.gave_${year}`),
      sql.ref(`d.gave_${year - 1}`),
      sql.ref(`d.cents_${year}`),
      sql.ref(`d.cents_${year - 1}`),
    ];
    const before = sql`d.first_year < ${String(year - 1)}`;
    const sum = (when: ReturnType<typeof sql>, value: ReturnType<typeof sql>, name: string) =>
      sql<number>`sum(case when ${when} then ${value} else 0 end)`.as(`${name}_${year}`);
    return [
      sum(sql`${gave} = 1 and ${prev} = 1`, sql`1`, "retained"),
      sum(sql`${gave} = 1 and ${prev} = 1`, cents, "retained_cents"),
      sum(sql`${gave} = 1 and ${prev} = 0 and not ${before}`, sql`1`, "new"),
      sum(sql`${gave} = 1 and ${prev} = 0 and not ${before}`, cents, "new_cents"),
      sum(sql`${gave} = 1 and ${prev} = 0 and ${before}`, sql`1`, "recaptured"),
      sum(sql`${gave} = 1 and ${prev} = 0 and ${before}`, cents, "recaptured_cents"),
      sum(sql`${gave} = 0 and ${prev} = 1`, sql`1`, "lapsed"),
      sum(sql`${gave} = 0 and ${prev} = 1`, prevCents, "lapsed_cents"),
      sum(sql`${prev} = 1`, sql`1`, "last_year_donors"),
    ];
  });
  const row = (await db.selectFrom(perDonor.as("d")).select(figures).executeTakeFirstOrThrow()) as Record<
    string,
    unknown
  >;
  const figure = (name: string, year: number) => Number(row[`${name}_${year}`] ?? 0);
  return new Map(
    years.map((year) => [
      year,
      {
        retained: figure("retained", year),
        retainedCents: figure("retained_cents", year),
        new: figure("new", year),
        newCents: figure("new_cents", year),
        recaptured: figure("recaptured", year),
        recapturedCents: figure("recaptured_cents", year),
        lapsed: figure("lapsed", year),
        lapsedCents: figure("lapsed_cents", year),
        lastYearDonors: figure("last_year_donors", year),
      },
    ]),
  );
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
