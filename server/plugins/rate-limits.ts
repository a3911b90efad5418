import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";

/**
 * Per-IP limits for public POSTs and heavy public lists. Routes opt in with
 * `config: { rateLimit: PUBLIC_FORM_LIMIT }`.
 * The store is in-process; with several instances put a shared store here (see README).
 */
export const PUBLIC_FORM_LIMIT = { max: 10, timeWindow: "1 minute" } as const;
/**
 * Per-IP limit on a heavy public list (every blog post, in full) that the API cache did not answer:
 * cached answers are written before this counts, so only cache-busting or a purge storm reach it.
 */
export const PUBLIC_LIST_LIMIT = { max: 60, timeWindow: "1 minute" } as const;

export const tooManyRequestsMessage = (seconds: number) =>
  `Too many requests. Please wait ${seconds} seconds and try again.`;

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: tooManyRequestsMessage(Math.ceil(context.ttl / 1000)),
      }),
    });
  },
  { name: "rate-limits" },
);
