import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * Encrypts what must be read back but should not sit in the database in the clear (an authenticator
 * app's shared secret): AES-256-GCM under a key derived from SESSION_SECRET, as session tokens are
 * HMACed under it. Changing SESSION_SECRET therefore also means setting up authenticator apps again.
 */
export function createSecretBox(sessionSecret: string) {
  const key = createHmac("sha256", sessionSecret).update("secret-box\nv1").digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v1",
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        sealed.toString("base64url"),
      ].join(".");
    },
    open(box: string): string {
      const [version, iv = "", tag = "", sealed = ""] = box.split(".");
      if (version !== "v1") throw new Error("Unknown secret box version");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
