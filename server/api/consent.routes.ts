import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";

/**
 * Consent for uploaded images (docs/decisions/0301-image-consent.md). Images are named by the URL the API answered with;
 * the site's own origin is taken off again, since rows keep root-relative URLs.
 */
export default async function consentRoutes(app: FastifyInstance) {
  const { consent, blur, config, publicUrls } = app.services;
  const staff = { config: { roles: EDITORS } };
  const stored = (url: unknown) =>
    typeof url === "string" && url.startsWith(`${config.publicSiteUrl}/`)
      ? url.slice(config.publicSiteUrl.length)
      : url;
  const withStoredUrl = (body: unknown) => ({
    ...(body as object),
    imageUrl: stored((body as { imageUrl?: unknown })?.imageUrl),
  });

  app.get<{ Querystring: { imageUrl?: string } }>("/api/admin/consent", staff, async (request) => {
    const url = stored(request.query.imageUrl ?? "");
    return { consent: typeof url === "string" && url ? await consent.get(url) : null };
  });

  app.put("/api/admin/consent", staff, async (request) => {
    const recorded = await consent.record(withStoredUrl(request.body), actorOf(request));
    return { ...recorded, imageUrl: publicUrls.url(recorded.imageUrl) };
  });

  app.post("/api/admin/consent/withdraw", staff, async (request) =>
    consent.withdraw(withStoredUrl(request.body), actorOf(request)),
  );

  // Blur before publishing (§3): a preview that saves nothing, and the blur for good.
  // A read (it saves nothing): the rectangles travel as JSON in the query string.
  app.get<{ Querystring: { imageUrl?: string; rectangles?: string } }>(
    "/api/admin/images/blur-preview",
    staff,
    async (request, reply) => {
      let rectangles: unknown;
      try {
        rectangles = JSON.parse(request.query.rectangles ?? "");
      } catch {
        rectangles = undefined;
      }
      const body = { imageUrl: request.query.imageUrl, rectangles };
      return reply
        .type("image/jpeg")
        .header("cache-control", "no-store")
        .send(await blur.preview(withStoredUrl(body)));
    },
  );

  app.post("/api/admin/images/blur", staff, async (request) =>
    publicUrls.image(await blur.apply(withStoredUrl(request.body), actorOf(request))),
  );

  app.get("/api/admin/consent/attention", staff, async () =>
    (await consent.attention()).map((item) => ({ ...item, imageUrl: publicUrls.url(item.imageUrl) })),
  );

  app.get("/api/admin/images/undescribed", staff, async () =>
    (await consent.undescribed()).map((item) => ({ ...item, imageUrl: publicUrls.url(item.imageUrl) })),
  );
}
