import { data, redirect } from "react-router";
import { appContext } from "#app-context";
import type { Route } from "./+types/campaign-link";

/**
 * A campaign's printable short link, `/c/{slug}` (docs/decisions/0711-campaign-links-and-qr-codes.md):
 * on to its tagged landing page (302, never remembered), or, for a slug no campaign has (a poster's
 * address typed wrong), the site's page not found.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const target = await context.get(appContext).services.campaigns.redirectFor(params.slug);
  if (target) throw redirect(target, { status: 302, headers: { "cache-control": "no-store" } });
  // Not stored by the page cache (it keeps only 200s) nor by browsers (the site's default for pages).
  return data(null, { status: 404 });
}

export { default, meta } from "./not-found";
