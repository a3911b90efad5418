import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListPage } from "../../core/admin-lists/list-page.types.ts";
import type { LedgerEntry } from "../../core/donations/ledger.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const NOW = new Date("2026-11-21T10:00:00Z");
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** 30 card donations (one a day from Nov 1, newest paid last) and 3 offline gifts, one deleted. */
async function arrange(t: TestApp) {
  const db = t.database.db;
  await db
    .insertInto("donations")
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        id: uuid(i + 1),
        provider: "stripe",
        checkout_session_id: `cs_${i}`,
        frequency: i % 2 ? "monthly" : "one-time",
        amount_cents: 1000 + i,
        currency: "usd",
        status: i === 0 ? "pending" : i === 1 ? "refunded" : "paid",
        donor_email: i === 2 ? "Percent%Owner@example.org" : `donor${i}@example.org`,
        donor_name: i === 3 ? "Under_Score" : i === 4 ? "UnderXScore" : `Donor ${i}`,
        fund_id: i < 5 ? "eccd-package" : null,
        created_at: `2026-10-${String(i + 1).padStart(2, "0")}T09:00:00.000Z`,
        updated_at: "2026-11-01T09:00:00.000Z",
        paid_at: i === 0 ? null : `2026-11-${String(Math.min(i, 20)).padStart(2, "0")}T0${i % 10}:00:00.000Z`,
      })),
    )
    .execute();
  await db
    .insertInto("donation_payments")
    .values({
      id: uuid(100),
      donation_id: uuid(6),
      reference: "pay_6",
      amount_cents: 1005,
      refunded_cents: 0,
      currency: "usd",
      paid_at: "2026-11-05T00:00:00.000Z",
    })
    .execute();
  const gift = (n: number, receivedOn: string, extra: Record<string, unknown> = {}) => ({
    id: uuid(200 + n),
    received_on: receivedOn,
    method: "cash",
    amount_minor: 5000,
    currency: "usd",
    usd_cents: 5000,
    fund_id: null,
    donor_name: `Gift giver ${n}`,
    donor_email: null,
    created_at: "2026-11-01T00:00:00.000Z",
    created_by: "staff",
    updated_at: "2026-11-01T00:00:00.000Z",
    updated_by: "staff",
    ...extra,
  });
  await db
    .insertInto("offline_gifts")
    .values([
      gift(1, "2026-11-21"),
      gift(2, "2025-01-10", { fund_id: "eccd-package" }),
      gift(3, "2026-11-20", { deleted_at: "2026-11-20T00:00:00.000Z", deleted_by: "staff" }),
    ])
    .execute();
}

describe.each(DIALECTS)("the donations ledger a page at a time on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const page = async (query: string) => {
    const response = await t.app.inject({ url: `/api/admin/lists/donations?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListPage<LedgerEntry>>();
  };
  const keys = (answer: ListPage<LedgerEntry>) =>
    answer.items.map((entry) => (entry.method === "card" ? entry.donation.donorName : entry.gift.donorName));

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => NOW });
    headers = await t.adminHeaders();
    await arrange(t);
  });
  afterAll(() => t.close());

  it("answers card and offline lines together, newest first, in pages of 25 with the total", async () => {
    const first = await page("");
    expect(first.total).toBe(32);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(25);
    expect(first.items).toHaveLength(25);
    // The offline gift of Nov 21 first, then the card gifts paid Nov 20 (hour 9, then 8…).
    expect(keys(first).slice(0, 3)).toEqual(["Gift giver 1", "Donor 29", "Donor 28"]);
    const last = await page("page=2");
    expect(last.items).toHaveLength(7);
    expect(keys(last).at(-1)).toBe("Gift giver 2");
    expect(await page("page=3")).toEqual({ items: [], total: 32, page: 3, pageSize: 25 });
  });

  it("answers each line in the shape of its own call, with payments and receipts", async () => {
    const { items } = await page("q=donor6@");
    expect(items).toEqual([
      {
        method: "card",
        donation: expect.objectContaining({
          _id: uuid(7),
          donorEmail: "donor6@example.org",
          amountCents: 1006,
          paymentCount: 0,
          receiptId: null,
        }),
      },
    ]);
    const paid = await page("q=donor5@");
    expect(paid.items[0]).toMatchObject({ method: "card", donation: { paymentCount: 1, receivedCents: 1005 } });
    const offline = await page("method=offline");
    expect(offline.items).toEqual([
      { method: "offline", gift: expect.objectContaining({ _id: uuid(201), receivedOn: "2026-11-21" }) },
      { method: "offline", gift: expect.objectContaining({ _id: uuid(202), fundId: "eccd-package" }) },
    ]);
  });

  it("filters by period, need, method and status in SQL", async () => {
    expect((await page("period=12m")).total).toBe(31);
    expect((await page("period=month&method=card")).total).toBe(29);
    expect((await page("status=pending")).items.map((e) => e.method === "card" && e.donation._id)).toEqual([uuid(1)]);
    expect((await page("status=received")).total).toBe(2);
    expect((await page("status=refunded&method=offline")).total).toBe(0);
    expect((await page("fund=eccd-package")).total).toBe(6);
    expect((await page("fund=none&method=offline")).total).toBe(1);
    expect((await page("fund=some-other-need")).total).toBe(0);
  });

  it("searches donors' names and addresses literally, whatever the case", async () => {
    expect(keys(await page("q=under_score"))).toEqual(["Under_Score"]);
    expect((await page(`q=${encodeURIComponent("percent%owner")}`)).total).toBe(1);
    expect((await page("q=%25")).total).toBe(1);
  });

  it("sorts oldest first when asked, and caps the page size", async () => {
    expect(keys(await page("sort=oldest&pageSize=2"))).toEqual(["Gift giver 2", "Donor 0"]);
    const capped = await page("pageSize=1000");
    expect(capped.pageSize).toBe(100);
    expect(capped.items).toHaveLength(32);
  });

  it("refuses a bad query with the API's 400", async () => {
    const response = await t.app.inject({ url: "/api/admin/lists/donations?status=lost&page=0", headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      page: "Page must be a whole number from 1.",
      status: "Choose one of: all, pending, paid, payment_failed, refunded, canceled, received.",
    });
  });

  it("sums the tiles in SQL, with what this month's figure adds up, way by way", async () => {
    const response = await t.app.inject({ url: "/api/admin/donations/summary", headers });
    expect(response.json()).toEqual({
      currency: "usd",
      thisMonthCents: 1005 + 5000,
      last12MonthsCents: 1005 + 5000,
      activeMonthlyDonors: 14,
      // Payments received this month, each a gift: one card payment; one offline gift.
      thisMonthBy: {
        card: { cents: 1005, gifts: 1 },
        birr: { cents: 0, gifts: 0 },
        offline: { cents: 5000, gifts: 1 },
      },
      atRiskMonthly: 0,
      awaitingRate: 0,
    });
  });
});
