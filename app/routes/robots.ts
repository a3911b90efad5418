import { appContext } from "#app-context";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(appContext).services.config.publicSiteUrl;
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
