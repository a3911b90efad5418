import { createHmac, timingSafeEqual } from "node:crypto";
import type { ChapaConfig } from "../../config/env.ts";
import { attributionMetadata } from "../campaigns/attribution.ts";
import { parseAmount, toMajorDecimal } from "../money/money.ts";
import {
  type CheckoutRequestForProvider,
  type CheckoutVerification,
  type PaymentProvider,
  WebhookSignatureError,
} from "./payment-provider.ts";

/** Our checkout reference (Chapa's `tx_ref`): letters, digits and dashes, unique per gift. */
export const CHAPA_REFERENCE_PREFIX = "hbb-";
/** Chapa's checkout shows at most 16 characters of title. */
const CHECKOUT_TITLE = "Hope Behind Bars";
/** Chapa allows letters, digits, spaces, dots, dashes and underscores in the description. */
const CHECKOUT_DESCRIPTION = "Gift to Hope Behind Bars";
/** A donor waits on this: a slow gateway is reported rather than waited for. */
const REQUEST_TIMEOUT_MS = 15_000;

/** The provider answered with an error, could not be reached, or took too long. */
export class ChapaRequestError extends Error {}

/** Chapa's payment method names → ours: the ledger's Method column and its filter. */
export function methodOf(reported: unknown): string | null {
  if (typeof reported !== "string" || !reported.trim()) return null;
  const method = reported.trim().toLowerCase();
  if (method.includes("telebirr")) return "telebirr";
  if (/cbe.?birr/.test(method)) return "cbe-birr";
  if (/m.?pesa/.test(method)) return "mpesa";
  if (/card|visa|master|amex/.test(method)) return "card";
  // Every other method Chapa lists is an Ethiopian bank's app or transfer.
  return "bank";
}

interface ChapaAnswer {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Chapa's hosted checkout: initialize, then verify (developer.chapa.co, "Accept Payments", "Verify Payments"). */
export function createChapaProvider({
  config,
  fetch = globalThis.fetch,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: {
  config: ChapaConfig;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}): PaymentProvider {
  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<{ status: number; answer: ChapaAnswer }> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChapaRequestError(`Chapa ${path} unreachable: ${error instanceof Error ? error.message : error}`);
    }
    const text = await response.text();
    let answer: ChapaAnswer = {};
    try {
      answer = JSON.parse(text) as ChapaAnswer;
    } catch {
      if (response.ok) throw new ChapaRequestError(`Chapa ${path} answered ${response.status} without JSON`);
    }
    if (response.status >= 500) throw new ChapaRequestError(`Chapa ${path} answered ${response.status}`);
    return { status: response.status, answer };
  }

  const notifiedReference = (rawBody: Buffer, signature: string | undefined): string | undefined => {
    if (!signature) throw new WebhookSignatureError("No signature");
    const expected = createHmac("sha256", config.webhookSecret).update(rawBody).digest();
    const given = Buffer.from(signature.trim(), "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new WebhookSignatureError("Signature does not match the body");
    }
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return undefined;
    }
    const reference = (payload as { tx_ref?: unknown } | null)?.tx_ref;
    return typeof reference === "string" && reference.length <= 255 ? reference : undefined;
  };

  return {
    name: "chapa",

    async createCheckout(request: CheckoutRequestForProvider) {
      if (request.frequency !== "one-time") throw new Error("Chapa takes one-time gifts only");
      const reference = `${CHAPA_REFERENCE_PREFIX}${request.donationId}`;
      const [firstName, ...rest] = (request.donor?.name ?? "").trim().split(/\s+/);
      const { status, answer } = await call("POST", "/v1/transaction/initialize", {
        amount: toMajorDecimal(request.amountCents, "etb"),
        currency: request.currency.toUpperCase(),
        tx_ref: reference,
        ...(request.notifyUrl && { callback_url: request.notifyUrl }),
        return_url: request.successUrl.replace("{CHECKOUT_SESSION_ID}", reference),
        ...(request.donor?.email && { email: request.donor.email }),
        ...(firstName && { first_name: firstName }),
        ...(rest.length > 0 && { last_name: rest.join(" ") }),
        ...(request.donor?.phone && { phone_number: request.donor.phone }),
        customization: { title: CHECKOUT_TITLE, description: CHECKOUT_DESCRIPTION },
        meta: {
          donation_id: request.donationId,
          fund: request.fund ?? null,
          ...attributionMetadata(request.attribution),
        },
      });
      const url = (answer.data as { checkout_url?: unknown } | null | undefined)?.checkout_url;
      if (status !== 200 || answer.status !== "success" || typeof url !== "string" || !/^https?:\/\//.test(url)) {
        throw new ChapaRequestError(`Chapa refused the checkout (${status}): ${String(answer.message ?? "")}`);
      }
      return { id: reference, url };
    },

    async verifyCheckout(reference: string): Promise<CheckoutVerification> {
      const { status, answer } = await call("GET", `/v1/transaction/verify/${encodeURIComponent(reference)}`);
      // "Invalid transaction or Transaction not found": the donor never reached the checkout.
      if (status === 404 || (status === 400 && answer.status === "failed")) return { status: "unknown" };
      if (status !== 200 || answer.status !== "success" || !answer.data || typeof answer.data !== "object") {
        throw new ChapaRequestError(`Chapa verify answered ${status}: ${String(answer.message ?? "")}`);
      }
      const data = answer.data as Record<string, unknown>;
      const state = String(data.status ?? "").toLowerCase();
      if (state === "failed" || state === "cancelled" || state === "canceled" || state === "reversed") {
        return { status: "failed" };
      }
      if (state !== "success") return { status: "pending" };
      const currency = String(data.currency ?? "").toLowerCase();
      const amountMinor = parseAmount(String(data.amount ?? ""), "etb");
      if (amountMinor === undefined) throw new ChapaRequestError(`Chapa verify gave no amount for ${reference}`);
      const name = [data.first_name, data.last_name].filter((part) => typeof part === "string" && part).join(" ");
      return {
        status: "paid",
        reference: typeof data.reference === "string" && data.reference ? data.reference : reference,
        amountMinor,
        currency,
        method: methodOf(data.method ?? data.payment_method),
        email: typeof data.email === "string" && data.email.includes("@") ? data.email : null,
        name: name || null,
      };
    },

    notifiedReference,

    // Chapa's notifications carry no trust of their own: the service asks verify (see notifiedReference).
    async parseWebhook(rawBody, signature) {
      notifiedReference(rawBody, signature);
      return null;
    },
    async invoiceForPaymentIntent() {
      return undefined;
    },
    async changeSubscription() {
      throw new Error("Chapa takes one-time gifts only");
    },
  };
}
