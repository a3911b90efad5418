import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const checkout = (t: TestApp, payload: unknown, ip = "10.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/create-checkout-session",
    payload: payload as object,
    remoteAddress: ip,
  });

describe.each(DIALECTS)("donation checkout API with the sandbox on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { publicSiteUrl: "http://localhost:3000" } });
  });
  afterAll(() => t.close());

  it.each([
    ["0", 0],
    ["0.99", 0.99],
    ["1.005 (three decimals)", 1.005],
    ["'50' (a string)", "50"],
    ["-5", -5],
    ["NaN (null in JSON)", Number.NaN],
    ["1e9", 1e9],
    ["100000.01", 100_000.01],
    ["missing", undefined],
  ])("refuses the amount %s with 400, error and message, and writes nothing", async (_label, amount) => {
    const before = await t.database.db.selectFrom("donations").select("id").execute();
    const response = await checkout(t, { amount, frequency: "one-time" }, `10.1.0.${before.length}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "Please enter a valid donation amount.",
      message: "Please enter a valid donation amount.",
      fields: { amount: "Please enter a valid donation amount." },
    });
    expect(await t.database.db.selectFrom("donations").select("id").execute()).toHaveLength(before.length);
  });

  it.each([
    [1, 100],
    [19.99, 1999],
    [100_000, 10_000_000],
  ])("accepts %s and records a pending donation of %i cents", async (amount, cents) => {
    const response = await checkout(t, { amount, frequency: "one-time" }, `10.2.0.${cents % 200}`);
    expect(response.statusCode).toBe(200);
    const { id, url } = response.json();
    expect(url).toBe(`http://localhost:3000/donate/sandbox/${id}`);
    const row = await t.database.db
      .selectFrom("donations")
      .selectAll()
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_cents: cents, currency: "usd", status: "pending", provider: "sandbox" });
  });

  it("refuses a frequency other than one-time or monthly", async () => {
    const response = await checkout(t, { amount: 10, frequency: "weekly" }, "10.3.0.1");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Please choose one-time or monthly.");
  });

  it("drops fields a visitor may not set", async () => {
    const response = await checkout(t, { amount: 5, frequency: "monthly", status: "paid", amountCents: 1 }, "10.3.0.2");
    const row = await t.database.db
      .selectFrom("donations")
      .selectAll()
      .where("checkout_session_id", "=", response.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", amount_cents: 500, frequency: "monthly" });
  });

  it("completes a sandbox checkout once, however often Pay is pressed, and the receipt shows it", async () => {
    const { id } = (await checkout(t, { amount: 15, frequency: "monthly" }, "10.4.0.1")).json();
    expect(await t.services.donations.findReceipt(id)).toEqual({
      amountCents: 1500,
      feeCoverCents: 0,
      currency: "usd",
      frequency: "monthly",
      status: "pending",
      fund: null,
      fundId: null,
      hasDonorEmail: false,
    });
    await t.services.donations.completeSandboxCheckout(id, { email: "donor@example.org", name: "Test Donor" });
    await t.services.donations.completeSandboxCheckout(id);
    expect(await t.services.donations.findReceipt(id)).toMatchObject({ status: "paid", hasDonorEmail: true });
    const ledger = await t.services.donations.ledger();
    const donation = ledger.donations.find((d) => d.donorEmail === "donor@example.org");
    expect(donation).toMatchObject({ paymentCount: 1, receivedCents: 1500, status: "paid", donorName: "Test Donor" });
    expect(ledger.totals.activeMonthlyDonors).toBe(1);
  });

  it("limits checkout attempts per visitor", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await checkout(t, { amount: 0 }, "10.9.9.9")).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = (await checkout(t, { amount: 0 }, "10.9.9.9")).json();
    expect(limited.message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    expect(limited.error).toBe(limited.message); // what the pop-up shows
  });

  it("answers webhooks with 503 when Stripe is not configured", async () => {
    const events = await t.database.db.selectFrom("payment_events").select("id").execute();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(503);
    expect(await t.database.db.selectFrom("payment_events").select("id").execute()).toHaveLength(events.length);
  });
});

describe.each(DIALECTS)("donation checkout in production without a Stripe key on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      config: { isProduction: true, isLocalSite: false, publicSiteUrl: "https://hopebehindbars.example" },
    });
  });
  afterAll(() => t.close());

  it("turns card giving off: 503 with the explanation, nothing written", async () => {
    const response = await checkout(t, { amount: 50, frequency: "one-time" });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(
      "Card donations are not available at the moment. You can still give by bank transfer.",
    );
    expect(t.services.donations.cardPaymentsAvailable).toBe(false);
    expect(await t.database.db.selectFrom("donations").select("id").execute()).toHaveLength(0);
  });
});
