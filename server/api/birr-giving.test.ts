import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { connectAgain, DIALECTS } from "../../tests/support/dialects.ts";
import { chapaSignature, type FakeChapa, startFakeChapa } from "../../tests/support/fake-chapa.ts";
import { attachedPdf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, linkIn, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const WEBHOOK_SECRET = "chapa-webhook-secret-hbb-test";
const SITE = "https://hopebehindbars.example";

describe.each(DIALECTS)("giving in birr through Chapa on %s", (dialect) => {
  let t: TestApp;
  let chapa: FakeChapa;
  let inbox: SmtpInbox;
  let staff: { authorization: string };
  let now = new Date("2026-11-28T07:00:00Z");
  let visitor = 0;

  beforeAll(async () => {
    chapa = await startFakeChapa();
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => now,
      config: {
        publicSiteUrl: SITE,
        chapa: { secretKey: "CHASECK_TEST-fake0key", webhookSecret: WEBHOOK_SECRET, apiUrl: chapa.url },
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Hope Behind Bars <giving@hopebehindbars.test>" },
      },
    });
    staff = await t.adminHeaders();
    // Staff keep the rate of the day under Donating settings.
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/donating",
      headers: staff,
      payload: { revision: 0, content: { ...DEFAULT_SITE_CONTENT.donating, etbPerUsd: "155.5" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({
      method: "POST",
      url: "/api/site-content/donating/publish",
      headers: staff,
      payload: { revision: 1 },
    });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await chapa.close();
    await inbox.stop();
  });

  async function openBirrCheckout(payload: Record<string, unknown>) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { currency: "ETB", ...payload },
      remoteAddress: `10.43.${dialect.length}.${++visitor}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id, url } = response.json<{ id: string; url: string }>();
    const row = await t.database.db
      .selectFrom("donations")
      .selectAll()
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, url, row };
  }

  const donation = (id: string) =>
    t.database.db.selectFrom("donations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  function notify(body: string, headers: Record<string, string>) {
    return t.app.inject({
      method: "POST",
      url: "/api/payments/chapa/webhook",
      headers: { "content-type": "application/json", ...headers },
      payload: body,
    });
  }

  /** A notification as Chapa sends it, signed over its exact bytes. */
  const chargeEvent = (txRef: string, status = "success", amount = "1000.00") =>
    JSON.stringify({
      event: "charge.success",
      first_name: "Selam",
      email: "selam@example.org",
      currency: "ETB",
      amount,
      status,
      reference: "APfake",
      tx_ref: txRef,
      payment_method: "telebirr",
    });

  it("opens Chapa's checkout for a gift in birr with our reference, return, fund and donor", async () => {
    const { id, url, row } = await openBirrCheckout({
      amount: 1000,
      fund: "eccd-package",
      email: "selam@example.org",
      name: "Selam Bekele",
      phone: "0911 234 567",
    });
    expect(id).toBe(`hbb-${row.id}`);
    expect(url).toBe(`https://checkout.chapa.co/checkout/payment/hbb-${row.id}`);
    expect(row).toMatchObject({
      provider: "chapa",
      currency: "etb",
      amount_cents: 100000,
      frequency: "one-time",
      status: "pending",
      fund_id: "eccd-package",
      donor_email: "selam@example.org",
    });
    const initialize = chapa.requests.find((r) => r.path === "/v1/transaction/initialize" && r.json?.tx_ref === id);
    expect(initialize?.headers.authorization).toBe("Bearer CHASECK_TEST-fake0key");
    expect(initialize?.json).toEqual({
      amount: "1000.00",
      currency: "ETB",
      tx_ref: id,
      callback_url: `${SITE}/api/payments/chapa/callback`,
      return_url: `${SITE}/donate/thank-you?session_id=${id}`,
      email: "selam@example.org",
      first_name: "Selam",
      last_name: "Bekele",
      phone_number: "0911234567",
      customization: { title: "Hope Behind Bars", description: "Gift to Hope Behind Bars" },
      meta: { donation_id: row.id, fund: "eccd-package" },
    });
    // The thank-you page reads it from our database: pending, in birr, with its fund.
    const receipt = await t.services.donations.findReceipt(id);
    expect(receipt).toMatchObject({ amountCents: 100000, currency: "etb", status: "pending" });
  });

  it("refuses a monthly gift in birr, a foreign phone number and an amount with three decimals", async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/create-checkout-session",
        payload: { currency: "ETB", ...payload },
        remoteAddress: `10.44.${dialect.length}.${++visitor}`,
      });
    expect((await post({ amount: 500, frequency: "monthly" })).statusCode).toBe(400);
    const phone = await post({ amount: 500, phone: "+44 20 7946 0958" });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields).toEqual({
      phone: "Please enter an Ethiopian phone number starting 09 or 07, or leave it empty.",
    });
    expect((await post({ amount: 10.005 })).statusCode).toBe(400);
    expect((await post({ amount: 500, currency: "EUR" })).statusCode).toBe(400);
  });

  it("pays a gift only when verify confirms it; the notification, replayed, changes nothing more", async () => {
    const { id, row } = await openBirrCheckout({ amount: 1000, fund: "eccd-package", email: "abebe@example.org" });
    const body = chargeEvent(id);
    // A notification saying "success" before Chapa's verify does: still pending.
    const early = await notify(body, { "x-chapa-signature": chapaSignature(body, WEBHOOK_SECRET) });
    expect(early.json()).toEqual({ received: true, outcome: "pending" });
    expect((await donation(row.id)).status).toBe("pending");

    chapa.settle(id, { status: "success", method: "cbebirr" });
    const good = await notify(body, { "chapa-signature": chapaSignature(body, WEBHOOK_SECRET) });
    expect(good.json()).toEqual({ received: true, outcome: "paid" });
    expect(await donation(row.id)).toMatchObject({ status: "paid", method: "cbe-birr" });
    const payments = await t.database.db
      .selectFrom("donation_payments")
      .selectAll()
      .where("donation_id", "=", row.id)
      .execute();
    // 1,000 birr at 155.5 birr per dollar: $6.43.
    expect(payments).toMatchObject([{ amount_cents: 100000, currency: "etb", etb_per_usd: "155.5", usd_cents: 643 }]);

    const replay = await notify(body, { "x-chapa-signature": chapaSignature(body, WEBHOOK_SECRET) });
    expect(replay.json()).toEqual({ received: true, outcome: "settled" });
    // A later "failed" notice (out of order) leaves the paid gift paid.
    const late = chargeEvent(id, "failed");
    expect((await notify(late, { "x-chapa-signature": chapaSignature(late, WEBHOOK_SECRET) })).json()).toEqual({
      received: true,
      outcome: "settled",
    });
    expect(
      await t.database.db.selectFrom("donation_payments").select("id").where("donation_id", "=", row.id).execute(),
    ).toHaveLength(1);
    expect((await donation(row.id)).status).toBe("paid");
  });

  it("refuses a bad, missing or re-serialised signature, and answers an unknown reference without effect", async () => {
    const { id, row } = await openBirrCheckout({ amount: 2500 });
    chapa.settle(id, { status: "success" });
    const body = chargeEvent(id, "success", "2500.00");
    const bad = await notify(body, { "x-chapa-signature": chapaSignature(body, "someone-else's-secret") });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Webhook signature verification failed." });
    expect((await notify(body, {})).statusCode).toBe(400);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect((await notify(reserialised, { "x-chapa-signature": chapaSignature(body, WEBHOOK_SECRET) })).statusCode).toBe(
      400,
    );
    expect((await donation(row.id)).status).toBe("pending");

    const stranger = chargeEvent("hbb-not-ours");
    const unknown = await notify(stranger, { "x-chapa-signature": chapaSignature(stranger, WEBHOOK_SECRET) });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, outcome: "unknown" });
    expect(chapa.requests.some((r) => r.path === "/v1/transaction/verify/hbb-not-ours")).toBe(false);
  });

  it("keeps a gift pending when verify reports another amount or currency, and cancels a failed one", async () => {
    const short = await openBirrCheckout({ amount: 1000 });
    chapa.settle(short.id, { status: "success", amount: "10.00" });
    expect(await t.services.donations.verifyBirr(short.id)).toBe("mismatch");
    const dollars = await openBirrCheckout({ amount: 1000 });
    chapa.settle(dollars.id, { status: "success", currency: "USD" });
    expect(await t.services.donations.verifyBirr(dollars.id)).toBe("mismatch");
    expect((await donation(short.row.id)).status).toBe("pending");
    expect((await donation(dollars.row.id)).status).toBe("pending");

    const failed = await openBirrCheckout({ amount: 500 });
    chapa.settle(failed.id, { status: "failed" });
    expect(await t.services.donations.verifyBirr(failed.id)).toBe("failed");
    expect((await donation(failed.row.id)).status).toBe("canceled");
  });

  it("answers 503 when Chapa cannot be asked, so Chapa sends the notification again", async () => {
    const { id, row } = await openBirrCheckout({ amount: 500 });
    chapa.settle(id, { status: "success" });
    chapa.fail([{ status: 502 }]);
    const body = chargeEvent(id, "success", "500.00");
    const response = await notify(body, { "x-chapa-signature": chapaSignature(body, WEBHOOK_SECRET) });
    expect(response.statusCode).toBe(503);
    expect((await donation(row.id)).status).toBe("pending");
  });

  it("pays a gift whose notification was lost through the reconciling job; gives up a silent one after a day", async () => {
    // Earlier tests' checkouts are still pending: settle nothing else, and start from a clean queue.
    const lost = await openBirrCheckout({ amount: 2500, fund: "eccd-package", email: "dawit@example.org" });
    const silent = await openBirrCheckout({ amount: 750 });
    chapa.settle(lost.id, { status: "success", method: "telebirr" });
    now = new Date(now.getTime() + 3 * 60_000);
    await t.services.jobs.runDue();
    expect(await donation(lost.row.id)).toMatchObject({ status: "paid", method: "telebirr" });
    expect((await donation(silent.row.id)).status).toBe("pending");
    const state = await t.services.jobs.state({ key: `chapa-verify:${silent.row.id}` });
    // A donor who has not paid yet is waited for, not an error.
    expect(state).toMatchObject({ status: "queued", attempts: 1, lastError: null });
    // Twenty minutes on, asked again and still waiting: the queue is not late on its account.
    now = new Date(now.getTime() + 20 * 60_000);
    await t.services.jobs.runDue();
    staff = await t.adminHeaders();
    const jobs = (await t.app.inject({ url: "/api/admin/jobs", headers: staff })).json();
    expect(jobs).toMatchObject({ late: false, failed: 0, oldest: { type: "donations.chapa-verify", lastError: null } });

    now = new Date(now.getTime() + 25 * 60 * 60_000);
    await t.services.jobs.runDue();
    expect((await donation(silent.row.id)).status).toBe("canceled");
    expect(await t.services.jobs.state({ key: `chapa-verify:${silent.row.id}` })).toMatchObject({ status: "done" });
  });

  it("counts paid birr gifts toward their fund at the stored rate, in the ledger with their method, receipted in birr", async () => {
    const funds = (await t.app.inject({ url: "/api/funds" })).json<Array<{ id: string; raised: number }>>();
    const eccd = funds.find((fund) => fund.id === "eccd-package");
    const opening =
      (DEFAULT_SITE_CONTENT.home.donationNeeds.find((n) => n.id === "eccd-package")?.openingBalance ?? 0) * 100;
    // 1,000 birr ($6.43) and 2,500 birr ($16.08) at 155.5 birr per dollar.
    expect(eccd?.raised).toBe(opening + 643 + 1608);
    // A day has passed on the test clock since sign-in: a fresh session.
    staff = await t.adminHeaders();

    const ledger = (await t.app.inject({ url: "/api/donations", headers: staff })).json();
    const paid = ledger.donations.filter((d: { status: string; currency: string }) => d.status === "paid");
    // The one paid on notice (CBE Birr), the lost notification's and the two the job found paid (telebirr).
    const rows = paid.map((d: { currency: string; provider: string; method: string }) =>
      [d.currency, d.provider, d.method].join(" "),
    );
    expect(rows.sort()).toEqual([
      "etb chapa cbe-birr",
      "etb chapa telebirr",
      "etb chapa telebirr",
      "etb chapa telebirr",
    ]);

    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const mail = inbox.messages.find((raw) => raw.includes("To: dawit@example.org"));
    expect(mail).toBeDefined();
    const text = await pdfText(attachedPdf(mail as string));
    expect(text).toContain("ETB 2,500");

    // The export shows the gift in birr with its method, the rate and its dollar value.
    const csv = (await t.app.inject({ url: "/api/donations/export.csv", headers: staff })).body;
    const line = csv.split("\r\n").find((row) => row.includes("dawit@example.org")) ?? "";
    expect(line).toContain(",2500.00,ETB,one-time,paid,1,2500.00,chapa,");
    expect(line.endsWith(",telebirr,ECCD Package,155.5,16.08,0.00")).toBe(true);
    // "My giving": the donor signs in by the e-mailed link and finds the gift in birr.
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/giving/link",
      payload: { email: "dawit@example.org" },
      remoteAddress: `10.46.${dialect.length}.1`,
    });
    expect(asked.statusCode).toBe(202);
    await t.services.jobs.runDue();
    const linkMail = inbox.messages.findLast((raw) => raw.includes("To: dawit@example.org")) ?? "";
    const token = new URL(linkIn(linkMail, `${SITE}/giving?token=`)).searchParams.get("token");
    const session = await t.app.inject({
      method: "POST",
      url: "/api/giving/session",
      payload: { token },
      remoteAddress: `10.46.${dialect.length}.1`,
    });
    const cookie = String(session.headers["set-cookie"]).split(";")[0] ?? "";
    const giving = (await t.app.inject({ url: "/api/giving", headers: { cookie } })).json();
    expect(giving.gifts).toMatchObject([
      { frequency: "one-time", status: "paid", amountMinor: 250000, currency: "etb", fund: "ECCD Package" },
    ]);

    // The year-end statement adds birr to birr.
    const statements = (await t.app.inject({ url: "/api/statements/2026", headers: staff })).json();
    expect(statements.find((s: { email: string }) => s.email === "dawit@example.org")).toMatchObject({
      totals: [{ currency: "etb", minor: 250000 }],
    });
  });

  it("lets staff verify a pending gift again and mark a paid one refunded, both audited; refunded leaves the goal", async () => {
    const { id, row } = await openBirrCheckout({ amount: 1000, fund: "eccd-package" });
    const before = await t.app.inject({ method: "POST", url: `/api/donations/${row.id}/verify`, headers: staff });
    expect(before.json()).toEqual({ outcome: "pending" });
    chapa.settle(id, { status: "success", method: "card" });
    const after = await t.app.inject({ method: "POST", url: `/api/donations/${row.id}/verify`, headers: staff });
    expect(after.json()).toEqual({ outcome: "paid" });
    const raised = async () =>
      (await t.app.inject({ url: "/api/funds" }))
        .json<Array<{ id: string; raised: number }>>()
        .find((f) => f.id === "eccd-package")?.raised ?? 0;
    const withGift = await raised();
    const refunded = await t.app.inject({ method: "POST", url: `/api/donations/${row.id}/refunded`, headers: staff });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await donation(row.id)).status).toBe("refunded");
    expect(withGift - (await raised())).toBe(643);
    const again = await t.app.inject({ method: "POST", url: `/api/donations/${row.id}/refunded`, headers: staff });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db.selectFrom("audit_log").selectAll().where("entity_id", "=", row.id).execute();
    expect(audit.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ["status", "staff@hopebehindbars.test"],
      ["status", "staff@hopebehindbars.test"],
      ["status", "staff@hopebehindbars.test"],
    ]);
    const editor = await t.staffHeaders("editor");
    expect(
      (await t.app.inject({ method: "POST", url: `/api/donations/${row.id}/verify`, headers: editor })).statusCode,
    ).toBe(403);
  });

  /** Staff change the rate of the day under Donating settings and publish it. */
  async function publishRate(etbPerUsd: string) {
    const state = (await t.app.inject({ url: "/api/site-content/donating", headers: staff })).json();
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/donating",
      headers: staff,
      payload: { revision: state.revision, content: { ...state.draft, etbPerUsd } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({
      method: "POST",
      url: "/api/site-content/donating/publish",
      headers: staff,
      payload: { revision: saved.json().revision },
    });
    expect(published.statusCode, published.body).toBe(200);
  }

  it("values a gift paid while no rate was set at the first rate published after it; rated gifts keep theirs", async () => {
    const raised = async () =>
      (await t.app.inject({ url: "/api/funds" }))
        .json<Array<{ id: string; raised: number }>>()
        .find((f) => f.id === "eccd-package")?.raised ?? 0;
    const payment = (donationId: string) =>
      t.database.db
        .selectFrom("donation_payments")
        .select(["etb_per_usd", "usd_cents"])
        .where("donation_id", "=", donationId)
        .executeTakeFirstOrThrow();
    const rated = await openBirrCheckout({ amount: 1000, fund: "eccd-package" });
    chapa.settle(rated.id, { status: "success", method: "telebirr" });
    await t.app.inject({ method: "POST", url: `/api/donations/${rated.row.id}/verify`, headers: staff });

    await publishRate("");
    const before = await raised();
    const { id, row } = await openBirrCheckout({ amount: 2000, fund: "eccd-package" });
    chapa.settle(id, { status: "success", method: "telebirr" });
    const paid = await t.app.inject({ method: "POST", url: `/api/donations/${row.id}/verify`, headers: staff });
    expect(paid.json()).toEqual({ outcome: "paid" });
    expect(await payment(row.id)).toEqual({ etb_per_usd: null, usd_cents: null });
    // Paid, but no dollars yet: the goal does not move, and the ledger says why.
    expect(await raised()).toBe(before);
    const listed = (await t.app.inject({ url: "/api/donations", headers: staff })).json();
    expect(listed.donations.find((d: { _id: string }) => d._id === row.id)).toMatchObject({
      currency: "etb",
      receivedCents: 200000,
      receivedUsdCents: null,
      etbPerUsd: null,
    });
    // The dashboard's Donations figure says how many wait for a rate.
    const summary = async () =>
      (await t.app.inject({ url: "/api/admin/donations/summary", headers: staff })).json<{ awaitingRate: number }>();
    expect((await summary()).awaitingRate).toBe(1);

    await publishRate("160");
    expect((await summary()).awaitingRate).toBe(0);
    // Valuing them is recorded with the publishing staff member's action.
    const valued = await t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "donation")
      .where("action", "=", "update")
      .execute();
    expect(valued).toHaveLength(1);
    expect(JSON.parse(String(valued[0]?.changes))).toMatchObject({ values: { valuedAtRate: "160", gifts: 1 } });
    // 2,000 birr at 160 birr per dollar: $12.50.
    expect(await payment(row.id)).toEqual({ etb_per_usd: "160", usd_cents: 1250 });
    expect(await raised()).toBe(before + 1250);
    expect(await payment(rated.row.id)).toEqual({ etb_per_usd: "155.5", usd_cents: 643 });
    // A later rate changes no gift already valued.
    await publishRate("170");
    expect(await payment(row.id)).toEqual({ etb_per_usd: "160", usd_cents: 1250 });
  });

  it("pays, after a restart, a gift whose notification was lost: the check is a job in the database", async () => {
    const gift = await openBirrCheckout({ amount: 1200, email: "hirut@example.org" });
    chapa.settle(gift.id, { status: "success", method: "cbebirr" });
    // The server that opened the checkout is gone before it heard anything; the next one starts on
    // the same database with only what the database holds.
    const database = connectAgain(t.database, "restarted");
    const restarted = await createTestApp(dialect, { database, clock: () => now, config: t.config });
    try {
      now = new Date(now.getTime() + 3 * 60_000);
      await restarted.services.jobs.runDue();
    } finally {
      await restarted.app.close();
      await database.destroy();
    }
    expect(await donation(gift.row.id)).toMatchObject({ status: "paid", method: "cbe-birr" });
  });

  it("still answers the card call without a currency, unchanged", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 25, frequency: "one-time" },
      remoteAddress: `10.45.${dialect.length}.1`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/hopebehindbars\.example\/donate\/sandbox\/sandbox_cs_/);
  });
});
