import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { isFundId } from "../../core/funds/funds.schema.ts";
import { actorOf } from "../plugins/access.ts";

const WALL_PAGE_SIZE = 24;

/**
 * The donor wall (docs/decisions/0781-donor-wall.md): the public list of donors who agreed to be
 * named, once staff approved them; Administrators and Editors moderate it (audited).
 */
export default async function donorWallRoutes(app: FastifyInstance) {
  const { donorWall } = app.services;
  const editors = { config: { roles: EDITORS } };

  app.get<{ Querystring: { page?: string; fund?: string } }>(
    "/api/supporters",
    { config: { access: "public", cacheable: true } },
    async (request) => {
      const page = /^[1-9]\d{0,5}$/.test(request.query.page ?? "") ? Number(request.query.page) : 1;
      const fund = request.query.fund && isFundId(request.query.fund) ? request.query.fund : undefined;
      const { items, total } = await donorWall.supporters({ page, pageSize: WALL_PAGE_SIZE, fund });
      return { supporters: items, page, pages: Math.max(1, Math.ceil(total / WALL_PAGE_SIZE)), total };
    },
  );

  app.get("/api/admin/donor-wall", editors, async () => ({ entries: await donorWall.forStaff() }));

  app.put<{ Params: { id: string }; Body: { state?: unknown } }>(
    "/api/admin/donor-wall/:id",
    editors,
    async (request) => {
      await donorWall.moderate(request.params.id, request.body?.state, actorOf(request));
      return { ok: true };
    },
  );
}
