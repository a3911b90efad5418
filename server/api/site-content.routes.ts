import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { BadRequestError } from "../../core/shared/errors.ts";
import { mapImages } from "../../core/site-content/site-content.images.ts";
import { actorOf } from "../plugins/access.ts";
import { requestedLocale } from "./content-language.ts";
import { filesOf, readMultipart } from "./multipart.ts";

interface SectionParams {
  section: string;
}
interface LocaleParams extends SectionParams {
  locale: string;
}
interface VersionParams extends SectionParams {
  number: string;
}

const NO_IMAGE_MESSAGE = "Please choose an image to upload.";

/** Site content (docs/decisions/0260-versions-and-states.md): the public reads what is published; Editors and Administrators edit. */
export default async function siteContentRoutes(app: FastifyInstance) {
  const { siteContent, siteContentTranslations, publicUrls } = app.services;
  const staff = { config: { roles: EDITORS } };

  // Ours, additive like the content lists' (content-language.ts): `?lang=am` overlays the published
  // Amharic and names, per section, the paths of the texts left in English (`englishPaths`).
  app.get("/api/site-content", { config: { access: "public", cacheable: true } }, async (request) => {
    const locale = requestedLocale(request);
    if (!locale) return mapImages(await siteContent.published(), publicUrls.image);
    const { englishPaths, ...content } = await siteContentTranslations.published(locale);
    return { ...mapImages(content, publicUrls.image), locale, englishPaths };
  });

  // Before the :section routes, so "images" is never read as a section name.
  app.post("/api/site-content/images", staff, async (request, reply) => {
    const body = await readMultipart(request, reply);
    const file = filesOf(body, "image")[0];
    if (!file) throw new BadRequestError(NO_IMAGE_MESSAGE);
    const consent = body.fields.imageConsent;
    return reply.code(201).send(await siteContent.uploadImage(file, actorOf(request), consent));
  });

  app.get<{ Params: SectionParams }>("/api/site-content/:section", staff, async (request) =>
    siteContent.editor(request.params.section),
  );

  app.put<{ Params: SectionParams }>("/api/site-content/:section", staff, async (request) =>
    siteContent.saveDraft(request.params.section, request.body, actorOf(request)),
  );

  app.post<{ Params: SectionParams }>("/api/site-content/:section/publish", staff, async (request) =>
    siteContent.publish(request.params.section, request.body, actorOf(request)),
  );

  // The section's Amharic version (docs/decisions/0420-content-translations.md): drafted and published like the English.
  app.get<{ Params: LocaleParams }>("/api/site-content/:section/translations/:locale", staff, async (request) =>
    siteContentTranslations.editor(request.params.section, request.params.locale),
  );

  app.put<{ Params: LocaleParams }>("/api/site-content/:section/translations/:locale", staff, async (request) =>
    siteContentTranslations.saveDraft(request.params.section, request.params.locale, request.body, actorOf(request)),
  );

  app.post<{ Params: LocaleParams }>(
    "/api/site-content/:section/translations/:locale/publish",
    staff,
    async (request) =>
      siteContentTranslations.publish(request.params.section, request.params.locale, request.body, actorOf(request)),
  );

  app.get<{ Params: SectionParams }>("/api/site-content/:section/versions", staff, async (request) =>
    siteContent.versions(request.params.section),
  );

  app.get<{ Params: VersionParams }>("/api/site-content/:section/versions/:number", staff, async (request) =>
    siteContent.version(request.params.section, request.params.number),
  );

  app.post<{ Params: VersionParams }>("/api/site-content/:section/versions/:number/restore", staff, async (request) =>
    siteContent.restore(request.params.section, request.params.number, request.body, actorOf(request)),
  );
}
