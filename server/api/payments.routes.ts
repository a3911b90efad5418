import type { FastifyInstance } from "fastify";
import { ChapaRequestError } from "../../core/donations/chapa-provider.ts";
import { WebhookSignatureError } from "../../core/donations/payment-provider.ts";
import { DomainError, ValidationError } from "../../core/shared/errors.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

/** Stripe's signature covers the exact bytes it sent, so this route reads the body unparsed. */
async function webhookRoute(app: FastifyInstance) {
  // Encapsulated: only this plugin's route sees raw bodies; JSON parsing elsewhere is unchanged.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post("/api/payments/webhook", { config: { access: "public" } }, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers["stripe-signature"];
    try {
      const outcome = await app.services.donations.handleWebhook(
        rawBody,
        typeof signature === "string" ? signature : undefined,
      );
      return { received: true, outcome };
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, "stripe webhook refused");
        return reply.code(400).send({ message: "Webhook signature verification failed." });
      }
      throw error;
    }
  });
}

/**
 * Chapa's notifications: signed over the exact bytes sent (`x-chapa-signature` or `Chapa-Signature`),
 * then only a reason to ask Chapa's verify about the checkout they name (docs/decisions/0660).
 */
async function chapaWebhookRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post("/api/payments/chapa/webhook", { config: { access: "public" } }, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers["x-chapa-signature"] ?? request.headers["chapa-signature"];
    try {
      const outcome = await app.services.donations.handleChapaWebhook(
        rawBody,
        typeof header === "string" ? header : undefined,
      );
      return { received: true, outcome };
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, "chapa webhook refused");
        return reply.code(400).send({ message: "Webhook signature verification failed." });
      }
      if (error instanceof ChapaRequestError) {
        // Chapa could not be asked now: it retries the notification, and the reconciling job asks too.
        request.log.warn({ reason: error.message }, "chapa verify failed");
        return reply.code(503).send({ message: "Could not verify the payment now." });
      }
      throw error;
    }
  });
}

export default async function paymentsRoutes(app: FastifyInstance) {
  const { donations } = app.services;

  // The pop-up shows `error` (spec §8); `message` keeps the API's usual shape.
  app.setErrorHandler((error, request, reply) => {
    const limited = (error as { statusCode?: number }).statusCode === 429;
    if (limited && !(error instanceof DomainError)) {
      // The rate limiter's own error (a plain object): the donor sees its "please wait" text.
      const message = String((error as { message?: unknown }).message);
      return reply.code(429).send({ error: message, message });
    }
    if (!(error instanceof DomainError)) throw error; // to the app's handler
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, "checkout failed");
    const fields = error instanceof ValidationError ? { fields: error.fields } : {};
    return reply.code(error.status).send({ error: error.message, message: error.message, ...fields });
  });

  app.post(
    "/api/payments/create-checkout-session",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } },
    async (request) => donations.createCheckout(request.body),
  );

  // Chapa's callback_url: the donor's payment settled. Unsigned, so only a reason to ask verify.
  app.get<{ Querystring: { trx_ref?: string; tx_ref?: string } }>(
    "/api/payments/chapa/callback",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } },
    async (request) => {
      const reference = request.query.trx_ref ?? request.query.tx_ref;
      if (typeof reference !== "string" || !reference || reference.length > 255) return { received: true };
      try {
        await donations.verifyBirr(reference);
      } catch (error) {
        if (!(error instanceof ChapaRequestError)) throw error;
        request.log.warn({ reason: error.message }, "chapa verify failed");
      }
      return { received: true };
    },
  );

  await app.register(webhookRoute);
  await app.register(chapaWebhookRoute);
}
