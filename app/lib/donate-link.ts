import { type Attribution, attributionMetadata } from "../../core/campaigns/attribution";

/**
 * Where a donate button leads before (or without) JavaScript: the server-rendered donation page with
 * the button's preset amount and need card in the query (decision 0431). Once the pop-up's island
 * runs it opens the pop-up instead (app/components/donation/donation-root.tsx).
 */
export function donateHref(amount?: number | null, fund?: string | null, cameFrom?: Attribution | null): string {
  const query = new URLSearchParams();
  if (amount) query.set("amount", String(amount));
  if (fund) query.set("fund", fund);
  // The landing's tags, so the page's forms carry them without JavaScript (docs/decisions/0800-attribution.md).
  for (const [name, value] of Object.entries(attributionMetadata(cameFrom))) query.set(name, value);
  const search = query.toString();
  return search ? `/donate?${search}` : "/donate";
}
