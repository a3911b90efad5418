import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";
import { contentLanguage } from "./content-language.ts";

interface IdParams {
  id: string;
}

export default async function videosRoutes(app: FastifyInstance) {
  const { videos } = app.services;
  // Ours, additive: `?lang=am` answers in Amharic where there is one; without it, the spec's English.
  const inLanguage = contentLanguage(app.services.translations);

  app.get("/api/videos", { config: { access: "public", cacheable: true } }, async (request) => {
    const list = await videos.list(request.query);
    return { ...list, videos: await inLanguage.many(request, "video", list.videos) };
  });

  app.get<{ Params: IdParams }>("/api/videos/:id", { config: { access: "public" } }, async (request) =>
    inLanguage.one(request, "video", await videos.get(request.params.id)),
  );

  // Staff read every state (docs/decisions/0300-publishing-states.md): the admin list, the editor and the preview.
  app.get("/api/admin/videos", { config: { roles: EDITORS } }, async (request) => videos.listForStaff(request.query));

  app.get<{ Params: IdParams }>("/api/admin/videos/:id", { config: { roles: EDITORS } }, async (request) =>
    videos.getForStaff(request.params.id),
  );

  app.post("/api/videos", { config: { roles: EDITORS } }, async (request, reply) =>
    reply.code(201).send(await videos.create(request.body, actorOf(request))),
  );

  app.put<{ Params: IdParams }>("/api/videos/:id", { config: { roles: EDITORS } }, async (request) =>
    videos.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete<{ Params: IdParams }>("/api/videos/:id", { config: { roles: EDITORS } }, async (request, reply) => {
    await videos.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
