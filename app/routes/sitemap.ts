import { appContext } from "#app-context";
import { PUBLIC_PAGE_PATHS } from "../content/navigation";
import { renderSitemap, sitemapSources } from "../lib/sitemap";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const records = (await Promise.all(sitemapSources.map((source) => source(services)))).flat();
  const body = renderSitemap(services.config.publicSiteUrl, [
    ...PUBLIC_PAGE_PATHS.map((path) => ({ path })),
    ...records,
  ]);
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
