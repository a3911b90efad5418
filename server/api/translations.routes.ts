import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";

type ItemParams = { Params: { kind: string; id: string; locale: string } };

/** Other-language versions of content items (docs/decisions/0420-content-translations.md); staff only. */
export default async function translationRoutes(app: FastifyInstance) {
  const { translations } = app.services;

  /** `{ coverage: { [id]: "partial" | "complete" } }`: items absent have no translation (the lists' badge). */
  app.get<{ Params: { kind: string }; Querystring: { locale?: string } }>(
    "/api/admin/translations/:kind",
    { config: { roles: EDITORS } },
    async (request) => ({
      coverage: await translations.coverage(request.params.kind, request.query.locale ?? "am"),
    }),
  );

  app.get<ItemParams>("/api/admin/translations/:kind/:id/:locale", { config: { roles: EDITORS } }, async (request) =>
    translations.get(request.params.kind, request.params.id, request.params.locale),
  );

  app.put<ItemParams>("/api/admin/translations/:kind/:id/:locale", { config: { roles: EDITORS } }, async (request) =>
    translations.save(request.params.kind, request.params.id, request.params.locale, request.body, actorOf(request)),
  );
}
