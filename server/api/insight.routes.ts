import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { attributionOfFields } from "../../core/campaigns/attribution.ts";
import { csvAttachment } from "../../core/shared/csv.ts";
import { actorOf } from "../plugins/access.ts";

type IdParams = { Params: { id: string } };

/** Admin → Insight and Admin → Campaigns (docs/decisions/0710, 0711); a campaign's short link is a page (app/routes/public/campaign-link.tsx). */
export default async function insightRoutes(app: FastifyInstance) {
  const { insight, campaigns, clock } = app.services;

  app.get("/api/insight", { config: { roles: EDITORS } }, async (request) => insight.report(request.query));

  app.get("/api/insight/export.csv", { config: { roles: EDITORS } }, async (request, reply) => {
    const { name, csv } = await insight.exportCsv(request.query, actorOf(request));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment(name, clock()))
      .header("cache-control", "no-store")
      .send(csv);
  });

  app.get("/api/campaigns", { config: { roles: EDITORS } }, async () => ({ campaigns: await campaigns.list() }));

  app.post("/api/campaigns", { config: { roles: EDITORS } }, async (request, reply) =>
    reply.code(201).send(await campaigns.create(request.body, actorOf(request))),
  );

  app.get<IdParams>("/api/campaigns/:id", { config: { roles: EDITORS } }, async (request) =>
    campaigns.get(request.params.id),
  );

  app.get<IdParams>("/api/campaigns/:id/export.csv", { config: { roles: EDITORS } }, async (request, reply) => {
    const { name, csv } = await campaigns.exportCsv(request.params.id, actorOf(request));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment(name, clock()))
      .header("cache-control", "no-store")
      .send(csv);
  });

  app.get<IdParams>("/api/campaigns/:id/qr.svg", { config: { roles: EDITORS } }, async (request, reply) =>
    reply
      .header("content-type", "image/svg+xml")
      .header("content-disposition", 'attachment; filename="campaign-qr.svg"')
      .header("cache-control", "no-store")
      .send(await campaigns.qrSvg(request.params.id)),
  );

  app.get<IdParams>("/api/campaigns/:id/qr.png", { config: { roles: EDITORS } }, async (request, reply) =>
    reply
      .header("content-type", "image/png")
      .header("content-disposition", 'attachment; filename="campaign-qr.png"')
      .header("cache-control", "no-store")
      .send(await campaigns.qrPng(request.params.id)),
  );

  /**
   * The donation pop-up opened (app/lib/came-from.ts): counted as a view of the donation page, the
   * funnel's first step, under the rules every view is counted by (docs/decisions/0710). Only this
   * site's own pages add to it (browsers say where a request came from in Sec-Fetch-Site).
   */
  app.post<{ Querystring: Record<string, string | undefined> }>(
    "/api/visits/donate-opened",
    { config: { access: "public" } },
    async (request, reply) => {
      const site = request.headers["sec-fetch-site"];
      if (site === undefined || site === "same-origin") {
        const { lang, ...tags } = request.query;
        app.countDonateOpened(
          request.raw,
          String(lang),
          attributionOfFields((name) => tags[name]),
        );
      }
      return reply.code(204).header("cache-control", "no-store").send();
    },
  );
}
