import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentEvent } from "../../core/donations/payment-provider.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const NOW = new Date("2026-11-21T10:00:00Z");

describe.each(DIALECTS)("donations ledger API on %s", (dialect) => {
  let t: TestApp;
  let checkouts = 0;
  afterAll(() => t.close());

  async function paidDonation(
    amount: number,
    frequency: "one-time" | "monthly",
    paidAt: string,
    donor: { email: string; name: string },
  ) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount, frequency },
      remoteAddress: `10.30.0.${++checkouts}`,
    });
    const sessionId: string = response.json().id;
    const { id } = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const event: PaymentEvent = {
      type: "checkout.completed",
      id: `evt_${sessionId}`,
      occurredAt: paidAt,
      donationId: id,
      sessionId,
      frequency,
      paid: true,
      amountCents: Math.round(amount * 100),
      currency: "usd",
      email: donor.email,
      name: donor.name,
      customerId: null,
      subscriptionId: frequency === "monthly" ? `sub_${id}` : null,
      paymentReference: `pay_${sessionId}`,
      paymentIntentId: null,
    };
    await t.services.donations.applyEvent(event);
    return { id, sessionId };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => NOW });
    await paidDonation(50, "one-time", "2026-11-02T08:00:00.000Z", { email: "a@example.org", name: "Almaz" });
    const monthly = await paidDonation(15, "monthly", "2026-10-05T08:00:00.000Z", {
      email: "b@example.org",
      name: "Bekele",
    });
    await t.services.donations.applyEvent({
      type: "invoice.paid",
      id: "evt_renewal",
      occurredAt: "2026-11-05T08:00:00.000Z",
      donationId: monthly.id,
      subscriptionId: `sub_${monthly.id}`,
      invoiceId: "in_renewal",
      amountCents: 1500,
      currency: "usd",
      email: null,
      customerId: null,
    });
    await paidDonation(100, "one-time", "2025-10-01T08:00:00.000Z", { email: "old@example.org", name: "Too Old" });
    await paidDonation(25, "monthly", "2026-03-01T08:00:00.000Z", {
      email: '=HYPERLINK("https://evil.example")',
      name: "+SUM(A1:A9)",
    });
    // An abandoned checkout stays pending and counts nothing.
    await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 70, frequency: "one-time" },
      remoteAddress: "10.30.1.1",
    });
  });

  it("lists every donation, newest first, with status, payments and the totals", async () => {
    const response = await t.app.inject({ url: "/api/donations", headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    const { donations, totals } = response.json();
    expect(donations).toHaveLength(5);
    expect(donations.map((d: { status: string }) => d.status).sort()).toEqual([
      "paid",
      "paid",
      "paid",
      "paid",
      "pending",
    ]);
    const bekele = donations.find((d: { donorName: string }) => d.donorName === "Bekele");
    expect(bekele).toMatchObject({
      frequency: "monthly",
      amountCents: 1500,
      paymentCount: 2,
      receivedCents: 3000,
      donorEmail: "b@example.org",
      paidAt: "2026-10-05T08:00:00.000Z",
    });
    // November: 50 + a renewal of 15. Last 12 months (since 2025-11-21): also October's 15 and March's 25.
    expect(totals).toEqual({
      currency: "usd",
      thisMonthCents: 6500,
      last12MonthsCents: 10500,
      activeMonthlyDonors: 2,
    });
  });

  it("exports a CSV that spreadsheets cannot run as formulas", async () => {
    const response = await t.app.inject({ url: "/api/donations/export.csv", headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="donations-2026-11-21.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Created,Paid,Donor email,Donor name,Amount,Currency,Frequency,Status,Payments,Received (net of refunds),Provider,Id,Method,For,ETB per USD,USD value,Fee cover received",
    );
    expect(lines).toHaveLength(6);
    expect(response.body).toContain(
      `"'=HYPERLINK(""https://evil.example"")",'+SUM(A1:A9),25.00,USD,monthly,paid,1,25.00`,
    );
    expect(response.body).toContain("b@example.org,Bekele,15.00,USD,monthly,paid,2,30.00,sandbox");
  });

  it("reports giving by month (card and offline), by kind and by fund for the dashboard", async () => {
    const headers = await t.adminHeaders();
    const offline = await t.app.inject({
      method: "POST",
      url: "/api/offline-gifts",
      headers,
      payload: {
        receivedOn: "2026-11-02",
        method: "bank-transfer",
        amount: "15550",
        currency: "etb",
        etbPerUsd: "155.5",
        fund: "eccd-package",
      },
    });
    expect(offline.statusCode, offline.body).toBe(201);
    const response = await t.app.inject({ url: "/api/donations/report", headers });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.months).toHaveLength(12);
    expect(report.months[0]).toEqual({ month: "2025-12", cardCents: 0, offlineCents: 0 });
    expect(report.months.at(-1)).toEqual({ month: "2026-11", cardCents: 6500, offlineCents: 10000 });
    expect(report.months.find((m: { month: string }) => m.month === "2026-03")).toMatchObject({ cardCents: 2500 });
    // October 2025's $100 is older than the 12 months shown.
    expect(report).toMatchObject({
      oneTimeCents: 5000 + 10000,
      monthlyCents: 1500 + 1500 + 2500,
      activeMonthly: { donors: 2, perMonthCents: 4000 },
    });
    expect(report.funds.find((f: { id: string }) => f.id === "eccd-package")).toMatchObject({
      goal: 300000,
      raised: 14000,
      percent: 5,
    });
  });

  it("is for staff only", async () => {
    expect((await t.app.inject({ url: "/api/donations" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/donations/export.csv" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/donations/report" })).statusCode).toBe(401);
  });
});
