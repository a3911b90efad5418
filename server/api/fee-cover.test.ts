import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { type FakeChapa, startFakeChapa } from "../../tests/support/fake-chapa.ts";
import { attachedPdf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const SITE = "https://hopebehindbars.example";

/** "Add N % so all of my gift reaches the programme" (docs/decisions/0830-covering-the-fees.md). */
describe.each(DIALECTS)("covering the fees on %s", (dialect) => {
  let t: TestApp;
  let chapa: FakeChapa;
  let inbox: SmtpInbox;
  let staff: { authorization: string };
  let revision = 0;
  let visitor = 0;

  /** Staff set Donating settings: the rate of the day and N. */
  async function publishDonating(changes: Record<string, unknown>) {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/donating",
      headers: staff,
      payload: { revision, content: { ...DEFAULT_SITE_CONTENT.donating, etbPerUsd: "155.5", ...changes } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    revision += 1;
    const published = await t.app.inject({
      method: "POST",
      url: "/api/site-content/donating/publish",
      headers: staff,
      payload: { revision },
    });
    expect(published.statusCode, published.body).toBe(200);
  }

  beforeAll(async () => {
    chapa = await startFakeChapa();
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => new Date("2026-11-28T07:00:00Z"),
      config: {
        publicSiteUrl: SITE,
        chapa: { secretKey: "CHASECK_TEST-fake0key", webhookSecret: "whsec-fee-cover", apiUrl: chapa.url },
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Hope Behind Bars <giving@hopebehindbars.test>" },
      },
    });
    staff = await t.adminHeaders();
    await publishDonating({ feeCoverPercent: 3 });
  });
  afterAll(async () => {
    await t.close();
    await chapa.close();
    await inbox.stop();
  });

  async function checkout(payload: Record<string, unknown>) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload,
      remoteAddress: `10.83.${dialect.length}.${++visitor}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: string }>();
    const row = await t.database.db
      .selectFrom("donations")
      .selectAll()
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, row };
  }

  const paymentsOf = (donationId: string) =>
    t.database.db
      .selectFrom("donation_payments")
      .select(["amount_cents", "fee_cover_cents", "currency", "usd_cents"])
      .where("donation_id", "=", donationId)
      .execute();

  const raised = async (fund: string) =>
    (await t.app.inject({ url: "/api/funds" })).json<Array<{ id: string; raised: number }>>().find((f) => f.id === fund)
      ?.raised ?? 0;

  const ledgerRow = async (id: string) =>
    (await t.app.inject({ url: "/api/donations", headers: staff }))
      .json<{ donations: Array<Record<string, unknown>> }>()
      .donations.find((d) => d._id === id);

  it("the year statement shows each gift with its cover apart, and the gifts, the covers and what was paid in total", async () => {
    const donor = { email: "yearly.cover@example.org", name: "Yearly Cover" };
    const covered = await checkout({ amount: 40, frequency: "one-time", coverFees: true });
    await t.services.donations.completeSandboxCheckout(covered.id, donor);
    const plain = await checkout({ amount: 10, frequency: "one-time" });
    await t.services.donations.completeSandboxCheckout(plain.id, donor);
    const year = String(new Date().getUTCFullYear());
    const statement = (await t.services.yearStatements.list(year)).find((s) => s.email === donor.email);
    expect(statement?.gifts.map((g) => [g.amountMinor, g.feeCoverMinor])).toEqual([
      [4000, 120],
      [1000, 0],
    ]);
    expect(statement?.totals).toEqual([{ currency: "usd", minor: 5000, feeCoverMinor: 120, paidMinor: 5120 }]);
    const text = await pdfText(await t.services.yearStatements.pdf(year, donor.email));
    expect(text).toContain("$40 + $1.20 to cover fees");
    expect(text).toContain("Total given: $50");
    expect(text).toContain("Added to cover fees: $1.20");
    expect(text).toContain("Total paid: $51.20");
  });

  it("card: the sandbox charges the gift and the cover; the row keeps them apart and the goal counts the gift", async () => {
    const before = await raised("eccd-package");
    const { id, row } = await checkout({ amount: 50, frequency: "one-time", fund: "eccd-package", coverFees: true });
    expect(row).toMatchObject({ amount_cents: 5000, fee_cover_cents: 150, currency: "usd", status: "pending" });
    // The sandbox's checkout page shows the gift and what it adds (the thank-you page's facts).
    expect(await t.services.donations.findReceipt(id)).toMatchObject({ amountCents: 5000, feeCoverCents: 150 });

    await t.services.donations.completeSandboxCheckout(id, { email: "almaz@example.org", name: "Almaz" });
    expect(await paymentsOf(row.id)).toEqual([
      { amount_cents: 5000, fee_cover_cents: 150, currency: "usd", usd_cents: null },
    ]);
    expect(await raised("eccd-package")).toBe(before + 5000);
    expect(await ledgerRow(row.id)).toMatchObject({
      amountCents: 5000,
      feeCoverCents: 150,
      receivedCents: 5000,
      receivedFeeCoverCents: 150,
      receivedUsdCents: 5000,
    });

    // The receipt names the gift, the cover and the total.
    await t.services.jobs.runDue();
    const mail = inbox.messages.find((raw) => raw.includes("To: almaz@example.org"));
    const text = await pdfText(attachedPdf(mail as string));
    expect(text).toContain("Added to cover fees");
    expect(text).toContain("$1.50");
    expect(text).toContain("$51.50");

    // The export: the gift's columns as before, the cover in its own column at the end.
    const csv = (await t.app.inject({ url: "/api/donations/export.csv", headers: staff })).body;
    const line = csv.split("\r\n").find((l) => l.includes("almaz@example.org")) ?? "";
    expect(line).toContain(",50.00,USD,one-time,paid,1,50.00,sandbox,");
    expect(line.endsWith(",card,ECCD Package,,50.00,1.50")).toBe(true);
  });

  it("card: without the field, or with it false, the spec's call is unchanged and adds nothing", async () => {
    const plain = await checkout({ amount: 25, frequency: "one-time" });
    expect(plain.row).toMatchObject({ amount_cents: 2500, fee_cover_cents: 0 });
    const unticked = await checkout({ amount: 25, frequency: "monthly", coverFees: false });
    expect(unticked.row).toMatchObject({ amount_cents: 2500, fee_cover_cents: 0 });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 25, frequency: "one-time", coverFees: "yes please" },
      remoteAddress: `10.84.${dialect.length}.1`,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("card, monthly: each month's payment keeps the cover apart, and a new amount is the gift's", async () => {
    const { id, row } = await checkout({ amount: 20, frequency: "monthly", coverFees: true });
    expect(row).toMatchObject({ amount_cents: 2000, fee_cover_cents: 60 });
    await t.services.donations.completeSandboxCheckout(id, { email: "meron@example.org" });
    await t.services.donations.sandboxRenewal(row.id, "paid");
    expect(await paymentsOf(row.id)).toEqual([
      { amount_cents: 2000, fee_cover_cents: 60, currency: "usd", usd_cents: null },
      { amount_cents: 2000, fee_cover_cents: 60, currency: "usd", usd_cents: null },
    ]);
    await t.services.donations.changeMonthly(
      row.id,
      { amountCents: 3000, currency: "usd" },
      { id: null, email: "meron@example.org", ip: "10.0.0.1" },
    );
    await t.services.jobs.runDue();
    const changed = await t.database.db
      .selectFrom("donations")
      .select(["amount_cents", "fee_cover_cents"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(changed).toEqual({ amount_cents: 3000, fee_cover_cents: 60 });
  });

  it("birr: Chapa is asked for gift and cover together; verify of that sum pays, and the goal counts the gift at the rate", async () => {
    const before = await raised("eccd-package");
    const { id, row } = await checkout({
      currency: "ETB",
      amount: 1000,
      fund: "eccd-package",
      email: "selam@example.org",
      coverFees: true,
    });
    expect(row).toMatchObject({ amount_cents: 100000, fee_cover_cents: 3000, currency: "etb" });
    const initialize = chapa.requests.find((r) => r.path === "/v1/transaction/initialize" && r.json?.tx_ref === id);
    expect(initialize?.json).toMatchObject({ amount: "1030.00", currency: "ETB" });

    chapa.settle(id, { status: "success", method: "telebirr" });
    expect(await t.services.donations.verifyBirr(id)).toBe("paid");
    // 1,000 birr at 155.5 birr per dollar: $6.43; the 30 birr cover counts toward no goal.
    expect(await paymentsOf(row.id)).toEqual([
      { amount_cents: 100000, fee_cover_cents: 3000, currency: "etb", usd_cents: 643 },
    ]);
    expect(await raised("eccd-package")).toBe(before + 643);

    await t.services.jobs.runDue();
    const mail = inbox.messages.find((raw) => raw.includes("To: selam@example.org"));
    const text = await pdfText(attachedPdf(mail as string));
    expect(text).toContain("Added to cover fees");
    expect(text).toContain("ETB 30");
    expect(text).toContain("ETB 1,030");
  });

  it("birr: a verified amount without the cover is not the one asked for, and pays nothing", async () => {
    const { id, row } = await checkout({ currency: "ETB", amount: 500, coverFees: true });
    chapa.settle(id, { status: "success", amount: "500.00" });
    expect(await t.services.donations.verifyBirr(id)).toBe("mismatch");
    expect(await paymentsOf(row.id)).toEqual([]);
  });

  it("staff set N to 0: the option is gone and a request for it adds nothing", async () => {
    await publishDonating({ feeCoverPercent: 0 });
    const { row } = await checkout({ amount: 40, frequency: "one-time", coverFees: true });
    expect(row).toMatchObject({ amount_cents: 4000, fee_cover_cents: 0 });
    // The pages read N from here: 0 hides the option (the journey looks at it).
    expect((await t.services.siteContent.published()).donating.feeCoverPercent).toBe(0);
    await publishDonating({ feeCoverPercent: 3 });
  });
});
