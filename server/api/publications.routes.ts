import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";
import { contentLanguage } from "./content-language.ts";
import { filesOf, readMultipart } from "./multipart.ts";

type IdParams = { Params: { id: string } };

export default async function publicationRoutes(app: FastifyInstance) {
  const { publications, publicUrls } = app.services;
  // Ours, additive: `?lang=am` answers in Amharic where there is one; without it, the spec's English.
  const inLanguage = contentLanguage(app.services.translations);

  app.get("/api/publications", { config: { access: "public" } }, async (request) =>
    (await inLanguage.many(request, "publication", await publications.list())).map(publicUrls.withCover),
  );

  app.get<IdParams>("/api/publications/:id", { config: { access: "public" } }, async (request) =>
    publicUrls.withCover(await inLanguage.one(request, "publication", await publications.get(request.params.id))),
  );

  // Staff read every state (docs/decisions/0300-publishing-states.md): the admin list, the editor and the preview.
  app.get("/api/admin/publications", { config: { roles: EDITORS } }, async (request) =>
    (await publications.listForStaff(request.query)).map(publicUrls.withCover),
  );

  app.get<IdParams>("/api/admin/publications/:id", { config: { roles: EDITORS } }, async (request) =>
    publicUrls.withCover(await publications.getForStaff(request.params.id)),
  );

  app.post("/api/publications", { config: { roles: EDITORS } }, async (request, reply) => {
    const body = await readMultipart(request, reply);
    const publication = await publications.create(body.fields, filesOf(body, "image")[0], actorOf(request));
    return reply.code(201).send(publicUrls.withCover(publication));
  });

  app.put<IdParams>("/api/publications/:id", { config: { roles: EDITORS } }, async (request, reply) => {
    const body = await readMultipart(request, reply);
    return publicUrls.withCover(
      await publications.update(request.params.id, body.fields, filesOf(body, "image")[0], actorOf(request)),
    );
  });

  app.delete<IdParams>("/api/publications/:id", { config: { roles: EDITORS } }, async (request, reply) => {
    await publications.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
