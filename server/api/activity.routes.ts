import type { FastifyInstance } from "fastify";
import { csvAttachment } from "../../core/shared/csv.ts";
import { actorOf } from "../plugins/access.ts";

/** Admin → Activity: the audit log, for Administrators only (no `roles`: deny by default). */
export default async function activityRoutes(app: FastifyInstance) {
  const { activity, clock } = app.services;

  app.get("/api/admin/activity", async (request) => activity.list(request.query));

  app.get("/api/admin/activity/people", async () => activity.people());

  app.get("/api/admin/activity/export.csv", async (request, reply) => {
    const csv = activity.exportCsv(request.query, actorOf(request));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("activity", clock()))
      .header("cache-control", "no-store")
      .send(csv);
  });
}
