import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { type FakeStripe, startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const WEBHOOK_SECRET = "whsec_test_hope_behind_bars";
const signer = new Stripe("sk_test_signer").webhooks;
const now = () => Math.floor(Date.now() / 1000);
let eventCounter = 0;

/** A Stripe event as Stripe's API version 2026-10-28 shapes it (only the fields we read). */
const stripeEvent = (type: string, object: Record<string, unknown>, id = `evt_${++eventCounter}`) => ({
  id,
  object: "event",
  type,
  created: now(),
  data: { object },
});

const sessionCompleted = (s: {
  sessionId: string;
  donationId: string;
  mode: "payment" | "subscription";
  amount: number;
  paymentIntent?: string;
  invoice?: string;
  subscription?: string;
  email?: string;
  name?: string;
  fund?: string;
}) =>
  stripeEvent("checkout.session.completed", {
    id: s.sessionId,
    object: "checkout.session",
    mode: s.mode,
    payment_status: "paid",
    amount_total: s.amount,
    currency: "usd",
    client_reference_id: s.donationId,
    metadata: { donation_id: s.donationId, ...(s.fund && { fund: s.fund }) },
    customer: "cus_1",
    customer_details: { email: s.email ?? "donor@example.org", name: s.name ?? "Abeba Tesfaye" },
    payment_intent: s.paymentIntent ?? null,
    invoice: s.invoice ?? null,
    subscription: s.subscription ?? null,
  });

const invoicePaid = (i: { invoiceId: string; subscriptionId: string; donationId: string; amount: number }) =>
  stripeEvent("invoice.paid", {
    id: i.invoiceId,
    object: "invoice",
    amount_paid: i.amount,
    currency: "usd",
    customer: "cus_1",
    customer_email: "donor@example.org",
    billing_reason: "subscription_cycle",
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: i.subscriptionId, metadata: { donation_id: i.donationId } },
    },
  });

const chargeRefunded = (c: { paymentIntent: string; amount: number; refunded: number; donationId?: string }) =>
  stripeEvent("charge.refunded", {
    id: `ch_${c.paymentIntent}`,
    object: "charge",
    amount: c.amount,
    amount_refunded: c.refunded,
    refunded: c.refunded >= c.amount,
    currency: "usd",
    payment_intent: c.paymentIntent,
    metadata: c.donationId ? { donation_id: c.donationId } : {},
  });

const subscriptionDeleted = (subscriptionId: string, donationId: string) =>
  stripeEvent("customer.subscription.deleted", {
    id: subscriptionId,
    object: "subscription",
    status: "canceled",
    metadata: { donation_id: donationId },
  });

describe.each(DIALECTS)("Stripe webhooks on %s", (dialect) => {
  let t: TestApp;
  let fake: FakeStripe;
  let sessions = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.respond((request) => {
      if (request.path === "/v1/checkout/sessions") {
        const id = `cs_test_${dialect}_${++sessions}`;
        return { body: { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` } };
      }
      if (request.path === "/v1/invoice_payments") {
        const pi = request.form["payment[payment_intent]"];
        const invoice = pi === "pi_renewal_2" ? "in_m_2" : null;
        return { body: { object: "list", has_more: false, data: invoice ? [{ id: "inpay_x", invoice }] : [] } };
      }
      return { status: 404, body: { error: { message: "unknown" } } };
    });
    t = await createTestApp(dialect, {
      config: {
        publicSiteUrl: "https://hopebehindbars.example",
        stripe: { secretKey: "sk_test_hbb", webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** Opens a checkout through the API, as the pop-up does; returns Stripe's session id and our donation id. */
  async function openCheckout(amount: number, frequency: "one-time" | "monthly", fund?: string) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount, frequency, ...(fund && { fund }) },
      remoteAddress: `10.20.${sessions}.1`,
    });
    expect(response.statusCode).toBe(200);
    const { id, url } = response.json();
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
    const row = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return { sessionId: id as string, donationId: row.id };
  }

  function deliver(event: object, options: { secret?: string; timestamp?: number; body?: string } = {}) {
    const payload = options.body ?? JSON.stringify(event, null, 2);
    const signature = signer.generateTestHeaderString({
      payload: JSON.stringify(event, null, 2),
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? now(),
    });
    return t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      payload,
    });
  }

  const donation = (id: string) =>
    t.database.db.selectFrom("donations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const payments = (donationId: string) =>
    t.database.db
      .selectFrom("donation_payments")
      .selectAll()
      .where("donation_id", "=", donationId)
      .orderBy("reference")
      .execute();
  const eventCount = async () => (await t.database.db.selectFrom("payment_events").select("id").execute()).length;

  it("marks a one-time donation paid from a valid checkout.session.completed", async () => {
    const { sessionId, donationId } = await openCheckout(50, "one-time");
    expect((await donation(donationId)).status).toBe("pending");
    const response = await deliver(
      sessionCompleted({ sessionId, donationId, mode: "payment", amount: 5000, paymentIntent: "pi_one_1" }),
    );
    expect(response.statusCode).toBe(200);
    expect(await donation(donationId)).toMatchObject({
      status: "paid",
      donor_email: "donor@example.org",
      donor_name: "Abeba Tesfaye",
    });
    expect(await payments(donationId)).toMatchObject([
      { reference: "pi_one_1", amount_cents: 5000, refunded_cents: 0 },
    ]);
    expect(await t.services.donations.findReceipt(sessionId)).toEqual({
      amountCents: 5000,
      feeCoverCents: 0,
      currency: "usd",
      frequency: "one-time",
      status: "paid",
      fund: null,
      fundId: null,
      hasDonorEmail: true,
    });
  });

  it("marks a gift paid in Stripe's test mode (livemode false) a test gift: no receipt, on no fund card", async () => {
    const raised = async () =>
      (await t.app.inject({ url: "/api/funds" }))
        .json<Array<{ id: string; raised: number }>>()
        .find((f) => f.id === "eccd-package")?.raised;
    const before = await raised();
    const { sessionId, donationId } = await openCheckout(30, "one-time", "eccd-package");
    const event = sessionCompleted({
      sessionId,
      donationId,
      mode: "payment",
      amount: 3000,
      paymentIntent: "pi_test_mode_1",
      email: "rehearsal@example.org",
      fund: "eccd-package",
    });
    expect((await deliver({ ...event, livemode: false })).statusCode).toBe(200);
    expect(await donation(donationId)).toMatchObject({ status: "paid", test: 1 });
    expect(await payments(donationId)).toMatchObject([{ reference: "pi_test_mode_1", amount_cents: 3000 }]);
    expect(
      await t.database.db
        .selectFrom("receipts")
        .select("id")
        .where("donor_email", "=", "rehearsal@example.org")
        .execute(),
    ).toEqual([]);
    expect(await raised()).toBe(before);

    // A live event changes nothing of the kind.
    const live = await openCheckout(20, "one-time");
    const liveEvent = sessionCompleted({ ...live, mode: "payment", amount: 2000, paymentIntent: "pi_live_mode_1" });
    expect((await deliver({ ...liveEvent, livemode: true })).statusCode).toBe(200);
    expect(await donation(live.donationId)).toMatchObject({ status: "paid", test: 0 });
  });

  it.each<[string, { secret?: string; timestamp?: number; reformat?: boolean }]>([
    ["signed with the wrong secret", { secret: "whsec_not_ours" }],
    ["with a timestamp older than the tolerance (5 minutes)", { timestamp: now() - 301 }],
    // Whole seconds pass while a test runs, so the future cases keep a margin beyond 300 s.
    ["with a timestamp beyond the tolerance in the future", { timestamp: now() + 330 }],
    ["with a timestamp a day in the future", { timestamp: now() + 86_400 }],
    ["whose bytes differ from what was signed (same JSON, other spacing)", { reformat: true }],
  ])("refuses a delivery %s with 400 and writes nothing", async (_label, options) => {
    const { sessionId, donationId } = await openCheckout(25, "one-time");
    const events = await eventCount();
    const event = sessionCompleted({
      sessionId,
      donationId,
      mode: "payment",
      amount: 2500,
      paymentIntent: `pi_${sessionId}`,
    });
    const response = await deliver(event, { ...options, ...(options.reformat && { body: JSON.stringify(event) }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Webhook signature verification failed.");
    expect(await eventCount()).toBe(events);
    expect((await donation(donationId)).status).toBe("pending");
    expect(await payments(donationId)).toEqual([]);
  });

  it("refuses a delivery without a signature header", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(stripeEvent("invoice.paid", {})),
    });
    expect(response.statusCode).toBe(400);
  });

  it("applies a replayed or duplicated event once: one donation, one payment", async () => {
    const { sessionId, donationId } = await openCheckout(100, "one-time");
    const event = sessionCompleted({
      sessionId,
      donationId,
      mode: "payment",
      amount: 10000,
      paymentIntent: "pi_replay",
    });
    expect((await deliver(event)).json().outcome).toBe("applied");
    for (let i = 0; i < 2; i++) expect((await deliver(event)).json()).toEqual({ received: true, outcome: "duplicate" });
    // Stripe may also send the same completion under a second event id.
    const again = { ...event, id: "evt_duplicate_of_replay" };
    expect((await deliver(again)).json().outcome).toBe("applied");
    expect(await payments(donationId)).toHaveLength(1);
    expect(
      await t.database.db.selectFrom("donations").select("id").where("checkout_session_id", "=", sessionId).execute(),
    ).toHaveLength(1);
  });

  it("records a refund after payment: the donation is refunded and counts nothing", async () => {
    const { sessionId, donationId } = await openCheckout(30, "one-time");
    await deliver(
      sessionCompleted({ sessionId, donationId, mode: "payment", amount: 3000, paymentIntent: "pi_refund" }),
    );
    const partial = chargeRefunded({ paymentIntent: "pi_refund", amount: 3000, refunded: 1000, donationId });
    expect((await deliver(partial)).statusCode).toBe(200);
    expect((await donation(donationId)).status).toBe("paid");
    await deliver(chargeRefunded({ paymentIntent: "pi_refund", amount: 3000, refunded: 3000, donationId }));
    expect((await donation(donationId)).status).toBe("refunded");
    // The older, partial notice delivered again late (new id) cannot lower the refund.
    await deliver({ ...partial, id: "evt_late_partial" });
    expect(await payments(donationId)).toMatchObject([{ amount_cents: 3000, refunded_cents: 3000 }]);
    const listed = (await t.services.donations.ledger()).donations.find((d) => d._id === donationId);
    expect(listed).toMatchObject({ status: "refunded", receivedCents: 0 });
  });

  it("adds a payment for each monthly renewal invoice, and the first invoice only once", async () => {
    const { sessionId, donationId } = await openCheckout(15, "monthly");
    await deliver(
      sessionCompleted({
        sessionId,
        donationId,
        mode: "subscription",
        amount: 1500,
        invoice: "in_m_1",
        subscription: "sub_m",
      }),
    );
    await deliver(invoicePaid({ invoiceId: "in_m_1", subscriptionId: "sub_m", donationId, amount: 1500 }));
    await deliver(invoicePaid({ invoiceId: "in_m_2", subscriptionId: "sub_m", donationId, amount: 1500 }));
    await deliver(invoicePaid({ invoiceId: "in_m_3", subscriptionId: "sub_m", donationId, amount: 1500 }));
    expect((await payments(donationId)).map((p) => p.reference)).toEqual(["in_m_1", "in_m_2", "in_m_3"]);
    expect(await donation(donationId)).toMatchObject({
      status: "paid",
      subscription_id: "sub_m",
      frequency: "monthly",
    });
    const listed = (await t.services.donations.ledger()).donations.find((d) => d._id === donationId);
    expect(listed).toMatchObject({ paymentCount: 3, receivedCents: 4500 });

    // A refunded renewal: the charge names a payment intent; Stripe tells which invoice it paid.
    await deliver(chargeRefunded({ paymentIntent: "pi_renewal_2", amount: 1500, refunded: 1500 }));
    expect((await payments(donationId)).find((p) => p.reference === "in_m_2")?.refunded_cents).toBe(1500);
    expect((await donation(donationId)).status).toBe("paid"); // the pledge itself goes on

    await deliver(subscriptionDeleted("sub_m", donationId));
    expect((await donation(donationId)).status).toBe("canceled");
  });

  it("is safe when events arrive out of order", async () => {
    // The first invoice is paid before the checkout's completion arrives.
    const monthly = await openCheckout(20, "monthly");
    const id = monthly.donationId;
    await deliver(invoicePaid({ invoiceId: "in_o_1", subscriptionId: "sub_o", donationId: id, amount: 2000 }));
    expect((await donation(id)).status).toBe("paid");
    // The pledge is canceled before a late renewal notice and a late completion arrive.
    await deliver(subscriptionDeleted("sub_o", id));
    await deliver(invoicePaid({ invoiceId: "in_o_2", subscriptionId: "sub_o", donationId: id, amount: 2000 }));
    await deliver(
      sessionCompleted({
        sessionId: monthly.sessionId,
        donationId: id,
        mode: "subscription",
        amount: 2000,
        invoice: "in_o_1",
        subscription: "sub_o",
      }),
    );
    expect((await donation(id)).status).toBe("canceled");
    expect((await payments(id)).map((p) => p.reference)).toEqual(["in_o_1", "in_o_2"]);

    // A refund overtakes the completion of a one-time gift: it stays refunded.
    const gift = await openCheckout(40, "one-time");
    await deliver(chargeRefunded({ paymentIntent: "pi_o", amount: 4000, refunded: 4000, donationId: gift.donationId }));
    await deliver(
      sessionCompleted({
        sessionId: gift.sessionId,
        donationId: gift.donationId,
        mode: "payment",
        amount: 4000,
        paymentIntent: "pi_o",
      }),
    );
    expect((await donation(gift.donationId)).status).toBe("refunded");
    expect(await payments(gift.donationId)).toMatchObject([{ amount_cents: 4000, refunded_cents: 4000 }]);
  });

  it("records a paid checkout that carries our id even if its pending row was never written", async () => {
    const response = await deliver(
      sessionCompleted({
        sessionId: "cs_orphan",
        donationId: "11111111-2222-3333-4444-555555555555",
        mode: "payment",
        amount: 2500,
        paymentIntent: "pi_orphan",
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(await donation("11111111-2222-3333-4444-555555555555")).toMatchObject({
      checkout_session_id: "cs_orphan",
      status: "paid",
      amount_cents: 2500,
      frequency: "one-time",
      provider: "stripe",
    });
  });

  it.each(["checkout.session.expired", "checkout.session.async_payment_failed"])(
    "marks an unpaid checkout canceled on %s, but never a paid one",
    async (type) => {
      const unpaid = await openCheckout(60, "one-time");
      const ended = (sessionId: string, donationId: string) =>
        stripeEvent(type, { id: sessionId, object: "checkout.session", metadata: { donation_id: donationId } });
      expect((await deliver(ended(unpaid.sessionId, unpaid.donationId))).statusCode).toBe(200);
      expect(await donation(unpaid.donationId)).toMatchObject({ status: "canceled" });

      const paid = await openCheckout(61, "one-time");
      await deliver(
        sessionCompleted({ ...paid, mode: "payment", amount: 6100, paymentIntent: `pi_${type}_${paid.sessionId}` }),
      );
      await deliver(ended(paid.sessionId, paid.donationId));
      expect((await donation(paid.donationId)).status).toBe("paid");
    },
  );

  it("asks Stripe to retry (409, nothing recorded) an invoice for a donation it has not seen", async () => {
    const events = await eventCount();
    const response = await deliver(
      invoicePaid({
        invoiceId: "in_unknown",
        subscriptionId: "sub_unknown",
        donationId: "no-such-donation",
        amount: 100,
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(await eventCount()).toBe(events);
  });

  const fundRaised = async (id: string) => {
    const response = await t.app.inject({ method: "GET", url: "/api/funds" });
    expect(response.statusCode).toBe(200);
    return response.json<Array<{ id: string; raised: number; percent: number }>>().find((fund) => fund.id === id);
  };

  it("carries the fund in Stripe's metadata and counts the gift to its card, minus refunds", async () => {
    // The default ECCD card: $3,000 goal, $40 opening balance.
    expect(await fundRaised("eccd-package")).toMatchObject({ raised: 4000, percent: 1 });
    const { sessionId, donationId } = await openCheckout(1460, "one-time", "eccd-package");
    const sent = fake.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1);
    expect(sent?.form).toMatchObject({
      "metadata[fund]": "eccd-package",
      "payment_intent_data[metadata][fund]": "eccd-package",
    });
    expect((await donation(donationId)).fund_id).toBe("eccd-package");
    // Not counted while pending.
    expect(await fundRaised("eccd-package")).toMatchObject({ raised: 4000 });

    const paid = sessionCompleted({
      sessionId,
      donationId,
      mode: "payment",
      amount: 146000,
      paymentIntent: "pi_fund_1",
      fund: "eccd-package",
    });
    await deliver(paid);
    await deliver(paid); // replayed: counted once
    expect(await fundRaised("eccd-package")).toMatchObject({ raised: 150000, percent: 50 });

    await deliver(chargeRefunded({ paymentIntent: "pi_fund_1", amount: 146000, refunded: 46000, donationId }));
    expect(await fundRaised("eccd-package")).toMatchObject({ raised: 104000, percent: 35 });
  });

  it("records the fund from the metadata when the checkout's pending row was never written", async () => {
    const donationId = "22222222-3333-4444-5555-666666666666";
    await deliver(
      sessionCompleted({
        sessionId: "cs_orphan_fund",
        donationId,
        mode: "payment",
        amount: 10000,
        paymentIntent: "pi_orphan_fund",
        fund: "health-care-kits",
      }),
    );
    expect(await donation(donationId)).toMatchObject({ fund_id: "health-care-kits", status: "paid" });
  });

  it("keeps a monthly gift's fund for its renewals, whatever order they arrive in", async () => {
    const before = (await fundRaised("life-skill-training"))?.raised ?? 0;
    const { sessionId, donationId } = await openCheckout(25, "monthly", "life-skill-training");
    await deliver(invoicePaid({ invoiceId: "in_f_2", subscriptionId: "sub_f", donationId, amount: 2500 }));
    await deliver(
      sessionCompleted({
        sessionId,
        donationId,
        mode: "subscription",
        amount: 2500,
        invoice: "in_f_1",
        subscription: "sub_f",
        fund: "life-skill-training",
      }),
    );
    await deliver(invoicePaid({ invoiceId: "in_f_1", subscriptionId: "sub_f", donationId, amount: 2500 }));
    expect((await fundRaised("life-skill-training"))?.raised).toBe(before + 5000);
  });

  it("refuses a checkout for a fund no card has, and takes none as where most needed", async () => {
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 10, frequency: "one-time", fund: "no-such-need" },
      remoteAddress: "10.21.0.1",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(
      "This need is no longer listed. Please choose “Where most needed” or another need on the page.",
    );
    const { donationId } = await openCheckout(10, "one-time");
    expect((await donation(donationId)).fund_id).toBeNull();
  });

  it("acknowledges event types it does not act on, and checkouts that are not donations", async () => {
    const other = await deliver(stripeEvent("customer.created", { id: "cus_2", object: "customer" }));
    expect(other.json()).toEqual({ received: true, outcome: "ignored" });
    const foreign = stripeEvent("checkout.session.completed", {
      id: "cs_foreign",
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      amount_total: 999,
      metadata: {},
    });
    expect((await deliver(foreign)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", "cs_foreign")
      .execute();
    expect(rows).toEqual([]);
  });
});
