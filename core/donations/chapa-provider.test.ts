import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeChapa, startFakeChapa } from "../../tests/support/fake-chapa.ts";
import { ChapaRequestError, createChapaProvider, methodOf } from "./chapa-provider.ts";
import type { PaymentProvider } from "./payment-provider.ts";

describe("the Chapa provider against a local server answering as Chapa's docs say", () => {
  let chapa: FakeChapa;
  let provider: PaymentProvider;

  beforeAll(async () => {
    chapa = await startFakeChapa();
    provider = createChapaProvider({
      config: { secretKey: "CHASECK_TEST-fake0key", webhookSecret: "0123456789abcdef", apiUrl: chapa.url },
      timeoutMs: 300,
    });
  });
  afterAll(() => chapa.close());

  const open = (donationId: string) =>
    provider.createCheckout({
      donationId,
      amountCents: 50_050,
      currency: "etb",
      frequency: "one-time",
      successUrl: "https://hbb.example/donate/thank-you?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://hbb.example/",
    });

  it("verifies success, pending, failed and an unknown reference in Chapa's own shapes", async () => {
    const { id, url } = await open("d-1");
    expect(id).toBe("hbb-d-1");
    expect(url).toBe("https://checkout.chapa.co/checkout/payment/hbb-d-1");
    expect(chapa.requests.at(-1)?.json).toMatchObject({ amount: "500.50", currency: "ETB", tx_ref: "hbb-d-1" });
    expect(await provider.verifyCheckout?.(id)).toEqual({ status: "pending" });
    chapa.settle(id, { status: "success", method: "mpesa", email: "a@example.org", first_name: "Almaz" });
    expect(await provider.verifyCheckout?.(id)).toEqual({
      status: "paid",
      reference: "APfhbb-d-1",
      amountMinor: 50_050,
      currency: "etb",
      method: "mpesa",
      email: "a@example.org",
      name: "Almaz",
    });
    chapa.settle(id, { status: "failed" });
    expect(await provider.verifyCheckout?.(id)).toEqual({ status: "failed" });
    expect(await provider.verifyCheckout?.("hbb-never-opened")).toEqual({ status: "unknown" });
    expect(chapa.requests.at(-1)?.path).toBe("/v1/transaction/verify/hbb-never-opened");
  });

  it("reports a 5xx, a timeout and a refused initialize as errors, never as an answer", async () => {
    chapa.fail([{ status: 500 }]);
    await expect(provider.verifyCheckout?.("hbb-d-1")).rejects.toThrow(ChapaRequestError);
    chapa.fail(["hang"]);
    await expect(provider.verifyCheckout?.("hbb-d-1")).rejects.toThrow(ChapaRequestError);
    // The same reference twice: Chapa refuses it (400) and no checkout address comes back.
    await expect(open("d-1")).rejects.toThrow("Chapa refused the checkout (400)");
  });

  it("names the methods Chapa reports in the ledger's words", () => {
    expect(["telebirr", "cbebirr", "mpesa", "awash", "card", "", undefined].map(methodOf)).toEqual([
      "telebirr",
      "cbe-birr",
      "mpesa",
      "bank",
      "card",
      null,
      null,
    ]);
  });
});
