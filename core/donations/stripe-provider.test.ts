import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { WebhookSignatureError } from "./payment-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

const SITE = "https://hopebehindbars.example";

describe("Stripe provider: the checkout session sent to Stripe", () => {
  let fake: FakeStripe;
  let provider: ReturnType<typeof createStripeProvider>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({
      config: { secretKey: "sk_test_123", webhookSecret: "whsec_test", apiUrl: fake.url },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const request = (frequency: "one-time" | "monthly", amountCents: number) => ({
    donationId: "don-1",
    amountCents,
    currency: "usd",
    frequency,
    successUrl: `${SITE}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${SITE}/`,
  });

  it("opens a one-time gift in payment mode, in USD cents, with our id on the payment", async () => {
    const session = await provider.createCheckout(request("one-time", 1550));
    expect(session).toEqual({ id: "cs_test_recorded", url: "https://checkout.stripe.com/c/pay/cs_test_recorded" });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/v1/checkout/sessions");
    expect(sent?.headers.authorization).toBe("Bearer sk_test_123");
    expect(sent?.headers["idempotency-key"]).toBe("checkout-don-1");
    expect(sent?.form).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1550",
      "line_items[0][price_data][product_data][name]": "Donation to Hope Behind Bars",
      success_url: `${SITE}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/`,
      client_reference_id: "don-1",
      "metadata[donation_id]": "don-1",
      submit_type: "donate",
      "payment_intent_data[metadata][donation_id]": "don-1",
    });
  });

  it("opens a monthly gift in subscription mode with a monthly recurring price", async () => {
    await provider.createCheckout(request("monthly", 1500));
    const [sent] = fake.requests;
    expect(sent?.form).toEqual({
      mode: "subscription",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1500",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][product_data][name]": "Monthly donation to Hope Behind Bars",
      success_url: `${SITE}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/`,
      client_reference_id: "don-1",
      "metadata[donation_id]": "don-1",
      "subscription_data[metadata][donation_id]": "don-1",
    });
  });

  it("passes Stripe's refusal on as an error", async () => {
    fake.respond(() => ({
      status: 400,
      body: { error: { type: "invalid_request_error", message: "Amount must be at least $0.50 usd" } },
    }));
    await expect(provider.createCheckout(request("one-time", 10))).rejects.toThrow(/at least \$0.50/);
  });

  it("asks Stripe which invoice a payment intent paid", async () => {
    fake.respond(() => ({
      body: { object: "list", data: [{ id: "inpay_1", object: "invoice_payment", invoice: "in_42" }], has_more: false },
    }));
    expect(await provider.invoiceForPaymentIntent("pi_9")).toBe("in_42");
    const [sent] = fake.requests;
    expect(sent?.method).toBe("GET");
    expect(sent?.path).toBe("/v1/invoice_payments");
    expect(sent?.form).toEqual({ "payment[type]": "payment_intent", "payment[payment_intent]": "pi_9", limit: "1" });
  });
});

describe("Stripe provider: webhook signatures", () => {
  const WEBHOOK_SECRET = "whsec_signing_test";
  /** Signatures made offline by the SDK itself, exactly as Stripe signs a delivery. */
  const signer = new Stripe("sk_test_signer").webhooks;
  const received = new Date("2026-11-22T12:00:00Z");
  const receivedSeconds = received.getTime() / 1000;
  const provider = createStripeProvider({
    config: { secretKey: "sk_test_123", webhookSecret: WEBHOOK_SECRET, apiUrl: undefined },
    clock: () => received,
  });
  const payload = JSON.stringify({
    id: "evt_signed",
    object: "event",
    type: "customer.subscription.deleted",
    created: receivedSeconds,
    data: { object: { id: "sub_1", object: "subscription", metadata: { donation_id: "don-1" } } },
  });
  const deliverySignedAt = (timestamp: number) =>
    provider.parseWebhook(
      Buffer.from(payload),
      signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
    );

  it.each([
    ["at the moment it arrives", 0],
    ["5 minutes before it arrives", -300],
    ["5 minutes after it arrives (a sender's clock running fast)", 300],
  ])("accepts a delivery signed %s", async (_label, offset) => {
    await expect(deliverySignedAt(receivedSeconds + offset)).resolves.toMatchObject({
      id: "evt_signed",
      type: "subscription.ended",
    });
  });

  it.each([
    ["301 s before it arrives", -301],
    ["a day before it arrives", -86_400],
    ["301 s after it arrives", 301],
    ["a day after it arrives", 86_400],
  ])("refuses a delivery signed %s", async (_label, offset) => {
    await expect(deliverySignedAt(receivedSeconds + offset)).rejects.toThrow(WebhookSignatureError);
    await expect(deliverySignedAt(receivedSeconds + offset)).rejects.toThrow("Timestamp outside the tolerance zone");
  });
});
