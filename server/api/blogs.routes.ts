import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_LIST_LIMIT } from "../plugins/rate-limits.ts";
import { contentLanguage } from "./content-language.ts";
import { filesOf, readMultipart } from "./multipart.ts";

type IdParams = { Params: { id: string } };

export default async function blogRoutes(app: FastifyInstance) {
  const { blogs, publicUrls } = app.services;
  // Ours, additive: `?lang=am` answers in Amharic where there is one; without it, the spec's English.
  const inLanguage = contentLanguage(app.services.translations);

  // Every post in full (the spec's answer): kept in the API cache, and its misses limited per address.
  app.get(
    "/api/blogs",
    { config: { access: "public", cacheable: true, rateLimit: PUBLIC_LIST_LIMIT } },
    async (request) => (await inLanguage.many(request, "blog", await blogs.list())).map(publicUrls.withCover),
  );

  app.get<IdParams>("/api/blogs/:id", { config: { access: "public" } }, async (request) =>
    publicUrls.withCover(await inLanguage.one(request, "blog", await blogs.get(request.params.id))),
  );

  // Staff read every state (docs/decisions/0300-publishing-states.md): the admin list, the editor and the preview.
  app.get("/api/admin/blogs", { config: { roles: EDITORS } }, async (request) =>
    (await blogs.listForStaff(request.query)).map(publicUrls.withCover),
  );

  app.get<IdParams>("/api/admin/blogs/:id", { config: { roles: EDITORS } }, async (request) =>
    publicUrls.withCover(await blogs.getForStaff(request.params.id)),
  );

  app.post("/api/blogs", { config: { roles: EDITORS } }, async (request, reply) => {
    const body = await readMultipart(request, reply);
    const post = await blogs.create(body.fields, filesOf(body, "image")[0], actorOf(request));
    return reply.code(201).send(publicUrls.withCover(post));
  });

  app.put<IdParams>("/api/blogs/:id", { config: { roles: EDITORS } }, async (request, reply) => {
    const body = await readMultipart(request, reply);
    return publicUrls.withCover(
      await blogs.update(request.params.id, body.fields, filesOf(body, "image")[0], actorOf(request)),
    );
  });

  app.delete<IdParams>("/api/blogs/:id", { config: { roles: EDITORS } }, async (request, reply) => {
    await blogs.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
