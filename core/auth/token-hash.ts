import { createHmac, randomBytes } from "node:crypto";

/**
 * Bearer secrets (session tokens, reset links) are stored as HMACs under SESSION_SECRET, so a copy of
 * the database alone cannot be used to forge or recognise a live one.
 */
export const tokenHasher = (secret: string) => (token: string) =>
  createHmac("sha256", secret).update(token).digest("hex");

/** A fresh bearer secret: 256 random bits, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString("base64url");
