/**
 * Where a visitor first came from, carried with their visit in the page into the forms they send
 * (docs/decisions/0800-attribution.md): the landing's four UTM tags, or the host of the other site
 * that linked to it, and the landing page's path. No zod: the public islands read it too. Not
 * personal data: a tag names a campaign or a site, a path names a page, never a person.
 */
export interface Attribution {
  source: string;
  medium: string;
  campaign: string;
  content: string;
  /** The other site that linked to the landing page ("" for none). */
  referrer: string;
  /** The path of the page the visit first landed on ("" when not known: it is kept only in the browser). */
  landing: string;
}

/** The hidden fields of a form posted without JavaScript, as the landing URL names its tags. */
export const ATTRIBUTION_FIELDS = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  content: "utm_content",
  referrer: "referrer_host",
  landing: "landing_path",
} as const satisfies Record<keyof Attribution, string>;

const KEYS = Object.keys(ATTRIBUTION_FIELDS) as Array<keyof Attribution>;
/** Longest value kept, as page views keep theirs (core/visits/page-view.ts). */
const MAX_TEXT = 200;

const clean = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase().slice(0, MAX_TEXT) : "");
/** A landing is a path of this site ("/blog/…"), never another address. */
const cleanPath = (value: unknown) => {
  const path = clean(value);
  return path.startsWith("/") && !path.startsWith("//") ? path : "";
};
const cleaned = (key: keyof Attribution, value: unknown) => (key === "landing" ? cleanPath(value) : clean(value));

/** Whether an attribution says where the visit came from (a tag or a linking site), beyond its landing page. */
export const saysWhereFrom = (attribution: Attribution | null | undefined): boolean =>
  KEYS.some((key) => key !== "landing" && attribution?.[key]);

/** An attribution that says something, or null when every part is empty. */
function orNull(attribution: Attribution): Attribution | null {
  return KEYS.some((key) => attribution[key] !== "") ? attribution : null;
}

/**
 * The optional `attribution` of an API call's body (`{source, medium, campaign, content, referrer}`),
 * cleaned. Anything else (absent, malformed) is no attribution: it never refuses a gift or a sign-up.
 */
export function attributionOf(value: unknown): Attribution | null {
  if (value === null || typeof value !== "object") return null;
  const given = value as Record<string, unknown>;
  return orNull(Object.fromEntries(KEYS.map((key) => [key, cleaned(key, given[key])])) as unknown as Attribution);
}

/** The attribution a form's hidden fields (or a landing URL's query) carry; `get` reads one by name. */
export function attributionOfFields(get: (name: string) => unknown): Attribution | null {
  return orNull(
    Object.fromEntries(KEYS.map((key) => [key, cleaned(key, get(ATTRIBUTION_FIELDS[key]))])) as unknown as Attribution,
  );
}

/** The columns a gift, subscriber or application keeps it in (migration 800); null where unknown. */
export function attributionColumns(attribution: Attribution | null | undefined) {
  const column = (key: keyof Attribution) => attribution?.[key] || null;
  return {
    utm_source: column("source"),
    utm_medium: column("medium"),
    utm_campaign: column("campaign"),
    utm_content: column("content"),
    referrer_host: column("referrer"),
    landing_path: column("landing"),
  };
}

/** What a checkout's metadata carries of it (Stripe's and Chapa's): only the parts known. */
export function attributionMetadata(attribution: Attribution | null | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const key of KEYS) {
    const value = attribution?.[key];
    if (value) metadata[ATTRIBUTION_FIELDS[key]] = value;
  }
  return metadata;
}

/** The optional `attribution` beside an API call's own fields (its schema leaves it out). */
export const attributionOfInput = (input: unknown): Attribution | null =>
  input !== null && typeof input === "object" ? attributionOf((input as { attribution?: unknown }).attribution) : null;
