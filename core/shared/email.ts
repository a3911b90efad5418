import { regexes } from "zod/v4/core";

/**
 * What the server (and every form) accepts as an e-mail address: zod's practical address syntax,
 * the pattern behind its `z.email()`: letters, digits and _ ' + - in dot-separated words before the
 * @ (no leading, trailing or doubled dot), then a host name with a top-level domain. It refuses
 * markup (`<script>alert(1)</script>@x.io`), spaces, quotes and commas, so an address is safe to put
 * in staff e-mails and CSV exports as it is. Stricter than the spec's "non-space@non-space" rule,
 * which it includes; refusals show the spec's messages. Imported from zod's core on its own, so the
 * footer form's bundle gets the pattern and nothing else of zod.
 */
export const EMAIL_PATTERN: RegExp = regexes.email;
export const EMAIL_MAX_LENGTH = 254;
