import type { FastifyInstance, FastifyRequest } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import type { StaffIdentity } from "../../core/auth/auth.schema.ts";
import { BadRequestError } from "../../core/shared/errors.ts";
import { actorOf } from "../plugins/access.ts";
import { filesOf, readMultipart } from "./multipart.ts";

type IdParams = { Params: { id: string } };

/** Admin → Newsletters (docs/decisions/0341-newsletter-sending.md): write, preview, test, send or schedule, follow the send. */
export default async function newslettersRoutes(app: FastifyInstance) {
  const { newsletters } = app.services;
  const staff = { config: { roles: EDITORS } };
  const roleOf = (request: FastifyRequest) => (request.admin as StaffIdentity).role;

  // A breach's letter is Administrators' work (docs/decisions/0886): for anyone else, every call
  // by id answers as if it did not exist, the routes added later included.
  app.addHook("preHandler", async (request) => {
    const { id } = (request.params ?? {}) as { id?: string };
    if (id !== undefined) await newsletters.assertSeenBy(id, roleOf(request));
  });

  app.get("/api/newsletters", staff, async (request) => newsletters.list(roleOf(request)));
  app.post("/api/newsletters", staff, async (request, reply) =>
    reply.code(201).send(await newsletters.create(request.body, actorOf(request))),
  );
  app.post("/api/newsletters/from-post", staff, async (request, reply) =>
    reply.code(201).send(await newsletters.fromPost(request.body, actorOf(request))),
  );
  // Before the :id routes, so "images" is never read as an id.
  app.post("/api/newsletters/images", staff, async (request, reply) => {
    const file = filesOf(await readMultipart(request, reply), "image")[0];
    if (!file) throw new BadRequestError("Please choose an image to upload.");
    return reply.code(201).send(await newsletters.uploadImage(file, actorOf(request)));
  });
  app.get<IdParams>("/api/newsletters/:id", staff, async (request) => newsletters.get(request.params.id));
  app.put<IdParams>("/api/newsletters/:id", staff, async (request) =>
    newsletters.update(request.params.id, request.body, actorOf(request)),
  );
  app.delete<IdParams>("/api/newsletters/:id", staff, async (request, reply) => {
    await newsletters.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
  app.get<IdParams>("/api/newsletters/:id/preview", staff, async (request) =>
    newsletters.preview(request.params.id, request.query),
  );
  app.post<IdParams>("/api/newsletters/:id/test", staff, async (request) =>
    newsletters.sendTest(request.params.id, actorOf(request)),
  );
  // What staff are asked before "Send now" or "Schedule": the subject and how many it goes to.
  app.get<IdParams>("/api/newsletters/:id/audience", staff, async (request) =>
    newsletters.audience(request.params.id, request.query),
  );
  app.post<IdParams>("/api/newsletters/:id/send", staff, async (request) =>
    newsletters.send(request.params.id, request.body ?? {}, actorOf(request)),
  );
  app.post<IdParams>("/api/newsletters/:id/cancel", staff, async (request) =>
    newsletters.cancel(request.params.id, actorOf(request)),
  );
  app.put<IdParams & { Body: { inArchive?: unknown } }>("/api/newsletters/:id/archive", staff, async (request) =>
    newsletters.setInArchive(request.params.id, request.body?.inArchive === true, actorOf(request)),
  );
}
