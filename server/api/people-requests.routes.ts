import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { isLocale, type Locale, localizePath } from "../../core/i18n/locale.ts";
import { DATA_EXPORT_LINKS } from "../../core/people/personal-data-links.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

/** A plain HTML form's post (the page works without JavaScript): answered with a redirect to the page. */
const isFormPost = (request: FastifyRequest) =>
  String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

const localeOfBody = (request: FastifyRequest): Locale => {
  const lang = (request.body as { lang?: unknown } | undefined)?.lang;
  return isLocale(lang) ? lang : "en";
};

const page = (request: FastifyRequest, query: string) =>
  `${localizePath("/your-data", localeOfBody(request))}?${query}`;

function errorOf(status: number): string {
  if (status === 429) return "busy";
  if (status === 410) return "link";
  if (status === 503) return "unavailable";
  return "email";
}

/**
 * "Your data" (docs/decisions/0670-people-ids-and-sources.md): a visitor asks for a copy of their data
 * or its erasure; a single-use link e-mailed to the address confirms it. Each POST takes JSON or the
 * page's plain form post, answered with a 303 back to /your-data.
 */
export default async function peopleRequestsRoutes(app: FastifyInstance) {
  const { people } = app.services;

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? (error as { status?: number }).status ?? 500;
    if (isFormPost(request) && status < 500 && status !== 413) {
      return reply
        .code(303)
        .header("location", page(request, `error=${errorOf(status)}`))
        .send();
    }
    if (isFormPost(request) && status === 503) {
      return reply.code(303).header("location", page(request, "error=unavailable")).send();
    }
    throw error;
  });

  app.post(
    "/api/people/requests",
    { config: { access: "public", rateLimit: DATA_EXPORT_LINKS.perAsker } },
    async (request, reply) => {
      await people.askByVisitor(request.body, localeOfBody(request));
      if (isFormPost(request)) return reply.code(303).header("location", page(request, "sent")).send();
      return reply.code(202).send({ message: "If the address is right, a link is on its way to it." });
    },
  );

  app.post(
    "/api/people/requests/confirm",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } },
    async (request, reply) => {
      const { kind } = await people.confirmByVisitor(request.body, localeOfBody(request));
      if (isFormPost(request))
        return reply
          .code(303)
          .header("location", page(request, `confirmed=${kind}`))
          .send();
      return { kind };
    },
  );
}
