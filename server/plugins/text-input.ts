import { EventEmitter } from "node:events";
import fp from "fastify-plugin";
import { ValidationError } from "../../core/shared/errors.ts";

export const NUL_CHARACTER_MESSAGE = "The request contains a character that is not allowed (U+0000).";

/** Streams (the request itself) and bytes are not parsed text: there is nothing in them to check. */
const isUnparsed = (value: object) => value instanceof EventEmitter || Buffer.isBuffer(value);

/** True when any string in `value` (keys included, nested objects and arrays too) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  // Only parsed data is walked: the pages' catch-all hands its body on as the request stream (a large
  // object graph that walking would never finish), and raw bodies (the Stripe webhook) are bytes
  // checked by their signature, not text fields.
  if (depth > 32 || typeof value !== "object" || value === null || isUnparsed(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000") || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000 (error 22021) and no field of this site has a use for it, so a
 * request carrying it in its query or JSON body is refused with 400 before any route runs, the same on
 * both databases. Multipart text fields are checked where they are read (api/multipart.ts). Path
 * parameters are record ids: the services answer 404 for anything that is not one (core/shared/record-id.ts).
 */
export default fp(
  async (app) => {
    app.addHook("preValidation", async (request) => {
      if (containsNul(request.query) || containsNul(request.body)) {
        throw new ValidationError(NUL_CHARACTER_MESSAGE);
      }
    });
  },
  { name: "text-input" },
);
