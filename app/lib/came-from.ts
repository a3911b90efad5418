import { createContext, useContext } from "react";
import {
  ATTRIBUTION_FIELDS,
  type Attribution,
  attributionOf,
  attributionOfFields,
  saysWhereFrom,
} from "../../core/campaigns/attribution";

/**
 * Where the visitor first came from (docs/decisions/0800-attribution.md), carried in the page: no
 * cookie, and sent only with a form the visitor sends or the pop-up's opening. On the server the
 * public layout provides the page's own UTM tags (its URL's query, which the page cache keys pages
 * by); in the browser the first landing of the tab is kept in sessionStorage, which ends with the tab.
 */
export const CameFromContext = createContext<Attribution | null>(null);

export const useCameFrom = () => useContext(CameFromContext);

const STORAGE_KEY = "hbb-came-from";

/** The UTM tags of a page's query (`?utm_source=…`); the referrer and landing are never read from a URL. */
export const cameFromQuery = (search: string): Attribution | null => {
  const query = new URLSearchParams(search);
  return attributionOfFields((name) =>
    name === ATTRIBUTION_FIELDS.referrer || name === ATTRIBUTION_FIELDS.landing ? "" : query.get(name),
  );
};

/** The host of the other site that linked to this page, "" when none (our own pages, typed, bookmarked). */
function referrerHost(): string {
  try {
    if (!document.referrer) return "";
    const host = new URL(document.referrer).hostname.replace(/^www\./, "");
    return host === location.hostname.replace(/^www\./, "") ? "" : host;
  } catch {
    return "";
  }
}

/** Whether this browser asks not to be tracked (Global Privacy Control, Do Not Track). */
const untracked = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true ||
  navigator.doNotTrack === "1";

/** A page not meant to be found (page not found, previews) is no landing: its path may be anything typed. */
const isLandingPage = () => !document.querySelector('meta[name="robots"][content*="noindex"]');

/**
 * The tab's first landing: its page, and where it came from. Later pages leave it as it is, except
 * that a page arrived at by a tagged link or from another site takes the place of a first page that
 * said nowhere (a visitor who looked around, left for the charity's post elsewhere, and came back
 * through it). Nothing is kept for a browser that asks not to be tracked (the server drops what its
 * forms carry).
 */
export function rememberLanding(): void {
  try {
    if (untracked()) return;
    const kept = landingAttribution();
    if (saysWhereFrom(kept)) return;
    const tags = cameFromQuery(location.search);
    const here = attributionOf({
      ...tags,
      referrer: referrerHost(),
      landing: isLandingPage() ? location.pathname : "",
    });
    if (!here || (kept && !saysWhereFrom(here))) return;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(here));
  } catch {
    // Storage refused (a private window's quota, a policy): the forms carry the page's own tags.
  }
}

/** The tab's first landing, or null. */
export function landingAttribution(): Attribution | null {
  try {
    return attributionOf(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null"));
  } catch {
    return null;
  }
}

/**
 * What a form's hidden fields carry (app/components/forms/came-from-fields.tsx), as the optional
 * `attribution` of a JSON call's body, sent only when it says where the visit came from: a visit
 * typed in sends the spec's call exactly as it was, its landing page with it unsaid.
 */
export const cameFromBody = (form: HTMLFormElement): { attribution?: Attribution } => {
  const data = new FormData(form);
  const attribution = attributionOfFields((name) => data.get(name));
  return attribution && saysWhereFrom(attribution) ? { attribution } : {};
};

/**
 * Tells the server the donation pop-up opened, the funnel's first step: opening it loads no page, so
 * it is not counted otherwise. It sends the page's language and where the visit first came from,
 * nothing else, and nothing at all for a browser that asks not to be tracked (docs/decisions/0710).
 */
export function reportDonateOpened(): void {
  if (untracked() || typeof navigator.sendBeacon !== "function") return;
  const landing = landingAttribution();
  const cameFrom = saysWhereFrom(landing) ? landing : cameFromQuery(location.search);
  const query = new URLSearchParams({ lang: document.documentElement.lang });
  for (const [key, name] of Object.entries(ATTRIBUTION_FIELDS) as [keyof Attribution, string][]) {
    const value = key === "landing" ? "" : cameFrom?.[key];
    if (value) query.set(name, value);
  }
  navigator.sendBeacon(`/api/visits/donate-opened?${query}`);
}
