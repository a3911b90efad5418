import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { type FakeStripe, startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SITE = "https://hopebehindbars.example";
const WEBHOOK_SECRET = "whsec_test_stewardship";
const signer = new Stripe("sk_test_signer").webhooks;
const NOW = new Date("2026-11-24T09:00:00Z");
/** Unix seconds of a moment (Stripe's `created`). */
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
let events = 0;

const stripeEvent = (type: string, created: string, object: Record<string, unknown>, id = `evt_s${++events}`) => ({
  id,
  object: "event",
  type,
  created: at(created),
  data: { object },
});

const invoice = (
  type: "invoice.paid" | "invoice.payment_failed",
  created: string,
  i: { invoiceId: string; subscriptionId: string; donationId: string; amount: number },
) =>
  stripeEvent(type, created, {
    id: i.invoiceId,
    object: "invoice",
    amount_paid: type === "invoice.paid" ? i.amount : 0,
    currency: "usd",
    customer: "cus_steward",
    customer_email: "tsehay@example.org",
    hosted_invoice_url: `https://invoice.stripe.com/i/${i.invoiceId}`,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: i.subscriptionId, metadata: { donation_id: i.donationId } },
    },
  });

const subscriptionUpdated = (
  created: string,
  s: { subscriptionId: string; donationId: string; status: string; resumesAt?: number },
) =>
  stripeEvent("customer.subscription.updated", created, {
    id: s.subscriptionId,
    object: "subscription",
    status: s.status,
    metadata: { donation_id: s.donationId },
    pause_collection: s.resumesAt ? { behavior: "void", resumes_at: s.resumesAt } : null,
    items: { data: [{ quantity: 1, price: { unit_amount: 2500, currency: "usd" } }] },
  });

describe.each(DIALECTS)("Monthly gifts that survive on %s (Stripe)", (dialect) => {
  let t: TestApp;
  let fake: FakeStripe;
  let inbox: SmtpInbox;
  let sessions = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    inbox = await createSmtpInbox();
    await inbox.start();
    const defaultAnswer = (path: string) => path.startsWith("/v1/subscriptions") || path.startsWith("/v1/billing");
    fake.respond((request) => {
      if (request.path === "/v1/checkout/sessions") {
        const id = `cs_test_steward_${dialect}_${++sessions}`;
        return { body: { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` } };
      }
      if (defaultAnswer(request.path) && request.path.startsWith("/v1/billing")) {
        return {
          body: { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/bps_1" },
        };
      }
      if (request.path.startsWith("/v1/subscriptions/")) {
        return { body: { id: request.path.split("/").at(-1), object: "subscription", status: "active" } };
      }
      return { status: 404, body: { error: { message: "unknown" } } };
    });
    t = await createTestApp(dialect, {
      clock: () => NOW,
      config: {
        publicSiteUrl: SITE,
        stripe: { secretKey: "sk_test_hbb", webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await inbox.stop();
  });

  function deliver(event: object) {
    const payload = JSON.stringify(event);
    const signature = signer.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: at(NOW.toISOString()),
    });
    return t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  }

  /** A monthly gift of $25 opened from a page in `lang`, paid by its first invoice on 5 November. */
  async function monthlyGift(tag: string, lang?: "en" | "am") {
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 25, frequency: "monthly", ...(lang && { lang }) },
      remoteAddress: visitorIp(),
    });
    expect(opened.statusCode).toBe(200);
    const sessionId = opened.json().id as string;
    const { id: donationId } = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const subscriptionId = `sub_${tag}_${dialect}`;
    const completed = stripeEvent("checkout.session.completed", "2026-11-05T10:00:00Z", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      amount_total: 2500,
      currency: "usd",
      client_reference_id: donationId,
      metadata: { donation_id: donationId },
      customer: "cus_steward",
      customer_details: { email: "tsehay@example.org", name: "Tsehay Bekele" },
      invoice: `in_${tag}_first_${dialect}`,
      subscription: subscriptionId,
      payment_intent: null,
    });
    expect((await deliver(completed)).statusCode).toBe(200);
    await t.services.jobs.runDue(); // the first receipt
    inbox.messages.length = 0;
    return { donationId, subscriptionId };
  }

  const ledgerStatus = async (donationId: string) => {
    const response = await t.app.inject({ method: "GET", url: "/api/donations", headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    return response.json().donations.find((d: { _id: string }) => d._id === donationId)?.status;
  };
  const mailsAfterJobs = async () => {
    await t.services.jobs.runDue();
    return inbox.messages.splice(0).map(readMail);
  };

  it("marks a failed payment, e-mails the donor once, and puts the gift back when a retry pays (replays and a late notice change nothing)", async () => {
    const { donationId, subscriptionId } = await monthlyGift("retry");
    const ids = { invoiceId: `in_retry_dec_${dialect}`, subscriptionId, donationId, amount: 2500 };
    const firstFailure = invoice("invoice.payment_failed", "2026-12-05T10:00:00Z", ids);

    expect((await deliver(firstFailure)).json()).toEqual({ received: true, outcome: "applied" });
    expect(await ledgerStatus(donationId)).toBe("payment_failed");
    const summary = await t.app.inject({
      method: "GET",
      url: "/api/admin/donations/summary",
      headers: await t.adminHeaders(),
    });
    expect(summary.json().atRiskMonthly).toBe(1);
    const [mail, ...more] = await mailsAfterJobs();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your monthly gift to Hope Behind Bars did not go through");
    expect(mail?.text).toContain("Your card did not accept this month's payment of $25 for your monthly gift.");
    expect(mail?.text).toContain(`https://invoice.stripe.com/i/in_retry_dec_${dialect}`);
    expect(mail?.text).toContain(`To pause or stop your gift instead, open My giving: ${SITE}/giving`);
    expect(mail?.html).toContain(`href="https://invoice.stripe.com/i/in_retry_dec_${dialect}"`);

    // The same delivery again, then Stripe's own retry of the invoice failing again: no second e-mail.
    expect((await deliver(firstFailure)).json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await deliver(invoice("invoice.payment_failed", "2026-12-08T10:00:00Z", ids))).statusCode).toBe(200);
    expect(await mailsAfterJobs()).toEqual([]);
    expect(await ledgerStatus(donationId)).toBe("payment_failed");

    // The retry after the donor updated the card pays: active again, with the payment in the ledger.
    const paid = invoice("invoice.paid", "2026-12-10T10:00:00Z", ids);
    expect((await deliver(paid)).json().outcome).toBe("applied");
    expect(await ledgerStatus(donationId)).toBe("paid");
    expect((await deliver(paid)).json().outcome).toBe("duplicate");
    // A failure notice from before the payment, delivered late, does not undo it.
    expect((await deliver(invoice("invoice.payment_failed", "2026-12-09T10:00:00Z", ids))).statusCode).toBe(200);
    expect(await ledgerStatus(donationId)).toBe("paid");
    const payments = await t.database.db
      .selectFrom("donation_payments")
      .select(["reference", "amount_cents"])
      .where("donation_id", "=", donationId)
      .orderBy("paid_at")
      .execute();
    expect(payments).toEqual([
      { reference: `in_retry_first_${dialect}`, amount_cents: 2500 },
      { reference: `in_retry_dec_${dialect}`, amount_cents: 2500 },
    ]);
    // Only the receipt for December's payment: no further failure e-mail.
    expect((await mailsAfterJobs()).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt /)]);

    // A later month failing again is a new failure: one new e-mail.
    const january = { ...ids, invoiceId: `in_retry_jan_${dialect}` };
    await deliver(invoice("invoice.payment_failed", "2027-01-05T10:00:00Z", january));
    expect((await mailsAfterJobs()).map((m) => m.subject)).toEqual([
      "Your monthly gift to Hope Behind Bars did not go through",
    ]);
    await deliver(invoice("invoice.paid", "2027-01-06T10:00:00Z", january));
    expect(await ledgerStatus(donationId)).toBe("paid");
  });

  it("ends the gift at the final failure (unpaid or deleted), in any order, and a late payment notice does not revive it", async () => {
    const { donationId, subscriptionId } = await monthlyGift("final", "am");
    const ids = { invoiceId: `in_final_dec_${dialect}`, subscriptionId, donationId, amount: 2500 };
    const failed = invoice("invoice.payment_failed", "2026-12-05T10:00:00Z", ids);
    const unpaid = subscriptionUpdated("2026-12-20T10:00:00Z", { subscriptionId, donationId, status: "unpaid" });

    // Out of order: the end arrives before the failure that led to it.
    expect((await deliver(unpaid)).json().outcome).toBe("applied");
    expect(await ledgerStatus(donationId)).toBe("canceled");
    expect((await deliver(failed)).json().outcome).toBe("applied");
    expect(await ledgerStatus(donationId)).toBe("canceled");
    expect(await mailsAfterJobs()).toEqual([]); // an ended gift's donor is not asked for a card
    expect((await deliver(unpaid)).json().outcome).toBe("duplicate");
    expect((await deliver(invoice("invoice.paid", "2026-12-01T10:00:00Z", ids))).statusCode).toBe(200);
    expect(await ledgerStatus(donationId)).toBe("canceled");
  });

  it("e-mails the failure in Amharic to a donor who gave from the Amharic page, and ends the gift on deletion", async () => {
    const { donationId, subscriptionId } = await monthlyGift("amharic", "am");
    const ids = { invoiceId: `in_am_dec_${dialect}`, subscriptionId, donationId, amount: 2500 };
    await deliver(invoice("invoice.payment_failed", "2026-12-05T10:00:00Z", ids));
    const [mail] = await mailsAfterJobs();
    expect(mail?.subject).toBe("ለHope Behind Bars የሚሰጡት ወርሃዊ ልገሳ አልተሳካም");
    expect(mail?.text).toContain(`${SITE}/am/giving`);
    const deleted = stripeEvent("customer.subscription.deleted", "2026-12-25T10:00:00Z", {
      id: subscriptionId,
      object: "subscription",
      status: "canceled",
      metadata: { donation_id: donationId },
    });
    await deliver(deleted);
    expect(await ledgerStatus(donationId)).toBe("canceled");
    expect((await deliver(deleted)).json().outcome).toBe("duplicate");
  });

  it("pauses, resumes and opens the card page through Stripe's API from My giving, and says the day the gift is taken", async () => {
    const { donationId, subscriptionId } = await monthlyGift("pause");
    await t.services.jobs.runDue();
    inbox.messages.length = 0;
    expect(
      (await t.app.inject({ method: "POST", url: "/api/giving/link", payload: { email: "tsehay@example.org" } }))
        .statusCode,
    ).toBe(202);
    await t.services.jobs.runDue();
    const link = linkIn(inbox.messages.splice(0).at(-1) as string, `${SITE}/giving?token=`);
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/giving/session",
      payload: { token: new URL(link).searchParams.get("token") },
    });
    const cookie = { cookie: String(signedIn.headers["set-cookie"]).split(";")[0] as string };
    const gift = async () =>
      (await t.app.inject({ method: "GET", url: "/api/giving", headers: cookie }))
        .json()
        .gifts.find((g: { id: string }) => g.id === donationId);
    expect(await gift()).toMatchObject({
      billingDay: 5,
      nextDate: "2026-12-05",
      pausedUntil: null,
      paymentFailed: false,
    });

    fake.requests.length = 0;
    const pause = await t.app.inject({
      method: "POST",
      url: `/api/giving/gifts/${donationId}/pause`,
      headers: cookie,
      payload: { months: 2 },
    });
    expect(pause.statusCode).toBe(202);
    expect(fake.requests.map((r) => [r.method, r.path, r.form])).toEqual([
      [
        "POST",
        `/v1/subscriptions/${subscriptionId}`,
        { "pause_collection[behavior]": "void", "pause_collection[resumes_at]": "1799193600" },
      ],
    ]);
    // Nothing changes until Stripe's event says the pause is in place.
    expect((await gift()).pausedUntil).toBeNull();
    await deliver(
      subscriptionUpdated("2026-11-24T09:00:00Z", {
        subscriptionId,
        donationId,
        status: "active",
        resumesAt: 1799193600,
      }),
    );
    expect(await gift()).toMatchObject({ pausedUntil: "2027-01-06", nextDate: "2027-02-05", billingDay: 5 });

    const refused = await t.app.inject({
      method: "POST",
      url: `/api/giving/gifts/${donationId}/pause`,
      headers: cookie,
      payload: { months: 4 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Choose a pause of 1, 2 or 3 months.");

    fake.requests.length = 0;
    const resume = await t.app.inject({
      method: "POST",
      url: `/api/giving/gifts/${donationId}/resume`,
      headers: cookie,
    });
    expect(resume.statusCode).toBe(202);
    expect(fake.requests.map((r) => [r.path, r.form])).toEqual([
      [`/v1/subscriptions/${subscriptionId}`, { pause_collection: "" }],
    ]);
    // An older "paused" notice arriving after the resume's does not pause it again.
    const resumed = subscriptionUpdated("2026-11-24T09:00:01Z", { subscriptionId, donationId, status: "active" });
    await deliver(resumed);
    await deliver(
      subscriptionUpdated("2026-11-24T08:59:00Z", {
        subscriptionId,
        donationId,
        status: "active",
        resumesAt: 1799193600,
      }),
    );
    expect(await gift()).toMatchObject({ pausedUntil: null, nextDate: "2026-12-05" });

    fake.requests.length = 0;
    const card = await t.app.inject({
      method: "POST",
      url: `/api/giving/gifts/${donationId}/card`,
      headers: { ...cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "lang=am",
    });
    expect(card.statusCode).toBe(303);
    expect(card.headers.location).toBe("https://billing.stripe.com/p/session/bps_1");
    expect(fake.requests.map((r) => [r.path, r.form])).toEqual([
      [
        "/v1/billing_portal/sessions",
        { customer: "cus_steward", return_url: `${SITE}/am/giving`, "flow_data[type]": "payment_method_update" },
      ],
    ]);
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["changes"])
      .where("entity_id", "=", donationId)
      .execute();
    // Both requests are made at the same instant of the test's clock: their order in the log is not defined.
    const requests = audit.map((row) => JSON.parse(row.changes));
    expect(requests).toHaveLength(2);
    expect(requests).toEqual(
      expect.arrayContaining([
        { fields: [], values: { requested: "pause", until: "2027-01-06" } },
        { fields: [], values: { requested: "resume" } },
      ]),
    );
  });
});

describe.each(DIALECTS)("Monthly gifts in the sandbox on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let now = NOW;
  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => now,
      config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" } },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  it("fails a renewal from its card page (one e-mail linking back to it), pays it, and pauses and resumes through its events", async () => {
    const { donations, jobs } = t.services;
    const { id } = await donations.createCheckout({ amount: 30, frequency: "monthly" });
    await donations.completeSandboxCheckout(id, { email: "hanna@example.org", name: "Hanna" });
    const row = await t.database.db
      .selectFrom("donations")
      .selectAll()
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    await jobs.runDue();
    inbox.messages.length = 0;

    await donations.sandboxRenewal(row.id, "failed");
    await donations.sandboxRenewal(row.id, "failed"); // the provider's retry fails too
    await jobs.runDue();
    expect(inbox.messages).toHaveLength(1);
    const mail = readMail(inbox.messages[0] as string);
    expect(mail.text).toContain("payment of $30 for your monthly gift");
    expect(mail.text).toContain(`http://localhost:3000/donate/sandbox/card/${row.id}`);
    const status = async () => (await donations.ledger()).donations.find((d) => d._id === row.id)?.status;
    expect(await status()).toBe("payment_failed");
    await donations.sandboxRenewal(row.id, "paid");
    expect(await status()).toBe("paid");
    const payments = await t.database.db
      .selectFrom("donation_payments")
      .select("reference")
      .where("donation_id", "=", row.id)
      .orderBy("reference")
      .execute();
    expect(payments.map((p) => p.reference)).toEqual([`sandbox_in_${row.id}_2`, `sandbox_pay_${id}`]);

    const actor = { id: null, email: "hanna@example.org", ip: "203.0.113.9" };
    await donations.changeMonthly(row.id, { pauseUntil: "2027-02-25" }, actor);
    const paused = async () =>
      (
        await t.database.db
          .selectFrom("donations")
          .select("paused_until")
          .where("id", "=", row.id)
          .executeTakeFirstOrThrow()
      ).paused_until;
    expect(await paused()).toBeNull(); // until the sandbox's "webhook" job runs
    await jobs.runDue();
    expect(await paused()).toBe("2027-02-25");
    now = new Date(NOW.getTime() + 60_000); // the donor resumes a minute later
    await donations.changeMonthly(row.id, { resume: true }, actor);
    await jobs.runDue();
    expect(await paused()).toBeNull();
    expect(await donations.cardUpdateUrl(row.id, "http://localhost:3000/giving")).toBe(
      `http://localhost:3000/donate/sandbox/card/${row.id}`,
    );
  });
});
