import type { LinkPurpose } from "../single-use-links/single-use-links.ts";

const DAY_MS = 24 * 60 * 60_000;

/** A visitor's "send me my data" request, confirmed by a link e-mailed to the address (core/single-use-links). */
export const DATA_EXPORT_LINKS: LinkPurpose = {
  name: "personal-data-export",
  lifetimeMs: DAY_MS,
  uses: 1,
  perAddress: { max: 3, windowMs: DAY_MS },
  perAsker: { max: 5, timeWindow: "15 minutes" },
  replacesEarlier: true,
};

/** A visitor's "erase my data" request: the link confirms the address; staff confirm the erasure. */
export const DATA_ERASURE_LINKS: LinkPurpose = { ...DATA_EXPORT_LINKS, name: "personal-data-erasure" };
