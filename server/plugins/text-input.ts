import { EventEmitter } from "node:events";
import fp from "fastify-plugin";
import { ValidationError } from "../../core/shared/errors.ts";
import { firstNonXmlCharacter } from "../../core/shared/xml-characters.ts";

/** The refusal, naming the character as U+XXXX. */
export const forbiddenCharacterMessage = (character: string) =>
  `The request contains a character that is not allowed (U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}).`;

/** Streams (the request itself) and bytes are not parsed text: there is nothing in them to check. */
const isUnparsed = (value: object) => value instanceof EventEmitter || Buffer.isBuffer(value);

/**
 * The first character XML cannot carry in any string of `value` (keys included, nested objects and
 * arrays too), if any (core/shared/xml-characters.ts).
 */
export function forbiddenCharacterIn(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return firstNonXmlCharacter(value);
  // Only parsed data is walked: the pages' catch-all hands its body on as the request stream (a large
  // object graph that walking would never finish), and raw bodies (the Stripe webhook) are bytes
  // checked by their signature, not text fields.
  if (depth > 32 || typeof value !== "object" || value === null || isUnparsed(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = firstNonXmlCharacter(key) ?? forbiddenCharacterIn(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Refuses `value` when it holds a character no field may hold. */
export function refuseForbiddenCharacters(value: unknown): void {
  const found = forbiddenCharacterIn(value);
  if (found) throw new ValidationError(forbiddenCharacterMessage(found));
}

/**
 * No field of this site has a use for a character XML cannot carry: U+0000 cannot be stored in
 * PostgreSQL text (error 22021) and any of them makes a feed invalid XML. So a request carrying one
 * in its query or JSON body is refused with 400 before any route runs, the same on both databases;
 * tabs and line breaks stay. Multipart text fields are checked where they are read (api/multipart.ts).
 * Path parameters are record ids: the services answer 404 for anything that is not one
 * (core/shared/record-id.ts).
 */
export default fp(
  async (app) => {
    app.addHook("preValidation", async (request) => {
      refuseForbiddenCharacters(request.query);
      refuseForbiddenCharacters(request.body);
    });
  },
  { name: "text-input" },
);
