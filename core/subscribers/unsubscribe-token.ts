import { createHmac, timingSafeEqual } from "node:crypto";
import { type Locale, localizePath } from "../i18n/locale.ts";

/**
 * The token in every newsletter's unsubscribe links: the subscriber's id and an HMAC of it under
 * SESSION_SECRET. It needs no row and never expires, because an unsubscribe link must keep working
 * in an e-mail read years later; it can only be made by the site, so nobody unsubscribes someone
 * else by guessing.
 */
export function unsubscribeTokens(secret: string) {
  const sign = (id: string) =>
    createHmac("sha256", secret).update(`newsletter-unsubscribe:${id}`).digest("base64url").slice(0, 32);
  return {
    make: (subscriberId: string) => `${subscriberId}.${sign(subscriberId)}`,
    /** The subscriber id the token names, or undefined when it was not made by this site. */
    read(token: string): string | undefined {
      const [id, signature, extra] = token.split(".");
      if (!id || !signature || extra !== undefined || id.length > 64) return undefined;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}

/** Where the links lead. Secrets ride in the fragment of page links, which browsers never send or log. */
export const newsletterLinks = (siteUrl: string) => ({
  /** The confirmation page in the language the address was given in. */
  confirm: (token: string, locale: Locale = "en") =>
    `${siteUrl}${localizePath("/newsletter/confirm", locale)}#${token}`,
  /** The unsubscribe page in the language the newsletter was sent in. */
  unsubscribePage: (token: string, locale: Locale = "en") =>
    `${siteUrl}${localizePath("/newsletter/unsubscribe", locale)}#${token}`,
  /** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here, without a session. */
  oneClick: (token: string) => `${siteUrl}/api/subscribe/unsubscribe?token=${encodeURIComponent(token)}`,
});
