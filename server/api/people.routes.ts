import type { FastifyInstance } from "fastify";
import { INBOX } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";

interface IdParams {
  id: string;
}

/**
 * People (docs/decisions/0670-people-ids-and-sources.md): Administrators and Inbox staff find a
 * person by name, address or phone, see everything held about them, correct it, export it and erase
 * it. Ids are opaque: no address is ever in a URL.
 */
export default async function peopleRoutes(app: FastifyInstance) {
  const { people } = app.services;
  const inbox = { config: { roles: INBOX } };

  app.get("/api/people", inbox, async (request) => {
    const { items, ...page } = await people.list(request.query);
    return { people: items, ...page };
  });

  app.get<{ Params: IdParams }>("/api/people/:id", inbox, async (request) => people.get(request.params.id));

  app.put<{ Params: IdParams }>("/api/people/:id", inbox, async (request) =>
    people.rectify(request.params.id, request.body, actorOf(request)),
  );

  app.post<{ Params: IdParams }>("/api/people/:id/export", inbox, async (request, reply) =>
    reply.code(202).send(await people.requestExport(request.params.id, actorOf(request))),
  );

  // An export's own id names it: whether its ZIP is ready, then the ZIP itself.
  app.get<{ Params: IdParams }>("/api/people/zips/:id", inbox, async (request) =>
    people.exportState(request.params.id),
  );

  app.get<{ Params: IdParams }>("/api/people/zips/:id/export.zip", inbox, async (request, reply) => {
    const zip = await people.download(request.params.id, actorOf(request));
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", 'attachment; filename="personal-data.zip"')
      .header("cache-control", "no-store")
      .send(zip);
  });

  app.post<{ Params: IdParams }>("/api/people/:id/erase", inbox, async (request) =>
    people.erase(request.params.id, actorOf(request)),
  );

  // Administrators only: an erased address that asks to subscribe again (the address in the body, never the URL).
  app.post("/api/people/suppressions/lift", async (request, reply) => {
    await people.liftSuppression(request.body, actorOf(request));
    return reply.code(204).send();
  });

  // Erasures people asked for through "Your data": never automatic, staff confirm or decline each.
  app.get("/api/people/erasure-requests", inbox, async () => people.erasureRequests());
  app.post<{ Params: IdParams }>("/api/people/erasure-requests/:id/approve", inbox, async (request) =>
    people.approveRequest(request.params.id, actorOf(request)),
  );
  app.post<{ Params: IdParams }>("/api/people/erasure-requests/:id/decline", inbox, async (request, reply) => {
    await people.declineRequest(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
