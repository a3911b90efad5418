import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { GALLERY_MESSAGES } from "../../core/gallery/gallery.schema.ts";
import type { GalleryForm } from "../../core/gallery/gallery.service.ts";
import { ValidationError } from "../../core/shared/errors.ts";
import { actorOf } from "../plugins/access.ts";
import { contentLanguage } from "./content-language.ts";
import { filesOf, readMultipart } from "./multipart.ts";

interface IdParams {
  id: string;
}

/** The gallery form: text fields plus the files sent (repeated) as `images`. */
async function readGalleryForm(request: FastifyRequest, reply: FastifyReply): Promise<GalleryForm> {
  try {
    const body = await readMultipart(request, reply);
    return { fields: body.fields, images: filesOf(body, "images") };
  } catch (error) {
    // More files than the multipart limit is the person's choice, not a broken request.
    if ((error as { code?: string }).code === "FST_FILES_LIMIT") {
      throw new ValidationError(GALLERY_MESSAGES.tooManyImages, { images: GALLERY_MESSAGES.tooManyImages });
    }
    throw error;
  }
}

export default async function galleryRoutes(app: FastifyInstance) {
  const { gallery, publicUrls } = app.services;
  // Ours, additive: `?lang=am` answers in Amharic where there is one; without it, the spec's English.
  const inLanguage = contentLanguage(app.services.translations);

  app.get("/api/gallery", { config: { access: "public", cacheable: true } }, async (request) => {
    const page = await gallery.list(request.query);
    const images = await inLanguage.many(request, "gallery-item", page.images);
    return { ...page, images: images.map(publicUrls.withImages) };
  });

  app.get<{ Params: IdParams }>("/api/gallery/:id", { config: { access: "public" } }, async (request) =>
    publicUrls.withImages(await inLanguage.one(request, "gallery-item", await gallery.get(request.params.id))),
  );

  // Staff read every state (docs/decisions/0300-publishing-states.md): the admin list, the editor and the preview.
  app.get("/api/admin/gallery", { config: { roles: EDITORS } }, async (request) => {
    const page = await gallery.listForStaff(request.query);
    return { ...page, images: page.images.map(publicUrls.withImages) };
  });

  app.get<{ Params: IdParams }>("/api/admin/gallery/:id", { config: { roles: EDITORS } }, async (request) =>
    publicUrls.withImages(await gallery.getForStaff(request.params.id)),
  );

  app.post("/api/gallery", { config: { roles: EDITORS } }, async (request, reply) =>
    reply
      .code(201)
      .send(publicUrls.withImages(await gallery.create(await readGalleryForm(request, reply), actorOf(request)))),
  );

  app.put<{ Params: IdParams }>("/api/gallery/:id", { config: { roles: EDITORS } }, async (request, reply) =>
    publicUrls.withImages(
      await gallery.update(request.params.id, await readGalleryForm(request, reply), actorOf(request)),
    ),
  );

  app.delete<{ Params: IdParams }>("/api/gallery/:id", { config: { roles: EDITORS } }, async (request, reply) => {
    await gallery.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
