import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * A hand-computed ledger (clock: 15 June 2026). Gifts per donor and year, in dollars:
 *   a: 2024 100 (31 Dec 23:30 UTC), 2025 50 (1 Jan 00:10 UTC), 2026 20
 *   b: 2023 30 (offline), 2025 40
 *   c: 2025 60 by card, 10 refunded → 50
 *   d: 2026 25 by card as D@EXAMPLE.ORG, 10 offline as d@example.org → one donor, 35
 *   e: 2024 200 (offline), 2026 15 (offline)
 *   f: 2025 70 offline, deleted → nothing
 *   g: 2025 a birr card payment → not in dollar figures
 */
describe.each(DIALECTS)("Donor retention on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let n = 0;

  async function card(email: string, name: string, paidAt: string, cents: number, refunded = 0, currency = "usd") {
    const id = `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
    await t.database.db
      .insertInto("donations")
      .values({
        id,
        provider: "stripe",
        checkout_session_id: `cs_retention_${n}`,
        frequency: "one-time",
        amount_cents: cents,
        currency,
        status: refunded >= cents ? "refunded" : "paid",
        donor_email: email,
        donor_name: name,
        created_at: paidAt,
        updated_at: paidAt,
        paid_at: paidAt,
      })
      .execute();
    await t.database.db
      .insertInto("donation_payments")
      .values({
        id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        donation_id: id,
        reference: `pi_retention_${n}`,
        amount_cents: cents,
        refunded_cents: refunded,
        currency,
        paid_at: paidAt,
      })
      .execute();
  }

  async function offline(email: string, name: string, day: string, cents: number, deleted = false) {
    const at = `${day}T09:00:00.000Z`;
    await t.database.db
      .insertInto("offline_gifts")
      .values({
        id: `20000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
        received_on: day,
        method: "bank-transfer",
        amount_minor: cents,
        currency: "usd",
        usd_cents: cents,
        donor_name: name,
        donor_email: email,
        created_at: at,
        created_by: "staff",
        updated_at: at,
        updated_by: "staff",
        deleted_at: deleted ? at : null,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => new Date("2026-06-15T12:00:00Z") });
    headers = await t.adminHeaders();
    await card("a@example.org", "Abel", "2024-12-31T23:30:00.000Z", 10000);
    await card("a@example.org", "Abel", "2025-01-01T00:10:00.000Z", 5000);
    await card("a@example.org", "Abel", "2026-03-01T10:00:00.000Z", 2000);
    await offline("b@example.org", "Bethlehem", "2023-05-01", 3000);
    await card("b@example.org", "Bethlehem", "2025-07-01T10:00:00.000Z", 4000);
    await card("c@example.org", "Chaltu", "2025-02-01T10:00:00.000Z", 6000, 1000);
    await card("D@EXAMPLE.ORG", "Dawit", "2026-01-05T10:00:00.000Z", 2500);
    await offline("d@example.org", "Dawit", "2026-02-01", 1000);
    await offline("e@example.org", "Eden", "2024-06-01", 20000);
    await offline("e@example.org", "Eden", "2026-04-01", 1500);
    await offline("f@example.org", "Fikir", "2025-12-31", 7000, true);
    await card("g@example.org", "Genet", "2025-03-01T10:00:00.000Z", 155000, 0, "etb");
  });
  afterAll(() => t.close());

  it("counts retained, new, recaptured and lapsed donors per year for the last five years, with money and rate", async () => {
    const response = await t.app.inject({ url: "/api/donations/retention", headers });
    expect(response.statusCode).toBe(200);
    const zero = { retainedCents: 0, newCents: 0, recapturedCents: 0, lapsedCents: 0 };
    expect(response.json().years).toEqual([
      { year: 2022, ...zero, retained: 0, new: 0, recaptured: 0, lapsed: 0, lastYearDonors: 0, retentionRate: null },
      {
        year: 2023,
        ...zero,
        retained: 0,
        new: 1,
        newCents: 3000,
        recaptured: 0,
        lapsed: 0,
        lastYearDonors: 0,
        retentionRate: null,
      },
      {
        year: 2024,
        retained: 0,
        retainedCents: 0,
        new: 2,
        newCents: 30000,
        recaptured: 0,
        recapturedCents: 0,
        lapsed: 1,
        lapsedCents: 3000,
        lastYearDonors: 1,
        retentionRate: 0,
      },
      {
        year: 2025,
        retained: 1,
        retainedCents: 5000,
        new: 1,
        newCents: 5000,
        recaptured: 1,
        recapturedCents: 4000,
        lapsed: 1,
        lapsedCents: 20000,
        lastYearDonors: 2,
        retentionRate: 50,
      },
      {
        year: 2026,
        retained: 1,
        retainedCents: 2000,
        new: 1,
        newCents: 3500,
        recaptured: 1,
        recapturedCents: 1500,
        lapsed: 2,
        lapsedCents: 9000,
        lastYearDonors: 3,
        retentionRate: 33.3,
      },
    ]);
  });

  it("exports the lapsed donors of a year as CSV with their last gift, recorded in the audit log", async () => {
    const response = await t.app.inject({ url: "/api/donations/retention/lapsed.csv?year=2026", headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="lapsed-donors-2026-2026-06-15.csv"');
    expect(response.body).toBe(
      "\uFEFFE-mail,Name,Last gift,Given in 2025 (USD)\r\n" +
        "b@example.org,Bethlehem,2025-07-01,40.00\r\n" +
        "c@example.org,Chaltu,2025-02-01,50.00\r\n",
    );
    const refused = await t.app.inject({ url: "/api/donations/retention/lapsed.csv?year=2019", headers });
    expect(refused.statusCode).toBe(400);
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select("changes")
      .where("action", "=", "export")
      .where("entity", "=", "donation")
      .execute();
    expect(audit.map((row) => JSON.parse(row.changes).values)).toEqual([
      { report: "lapsed donors", year: 2026, rows: 2 },
    ]);
  });
});
