import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  GIVING_CHANGE_REQUESTED_MESSAGE,
  GIVING_COOKIE,
  GIVING_LINK_SENT_MESSAGE,
  GIVING_PAUSE_REQUESTED_MESSAGE,
  GIVING_RESUME_REQUESTED_MESSAGE,
  GIVING_STOP_REQUESTED_MESSAGE,
  type GivingFormError,
} from "../../core/giving/giving.schema.ts";
import { DONOR_SESSION_LIFETIME_MS, GIVING_SIGN_IN_LINKS } from "../../core/giving/giving.service.ts";
import { isLocale, localizePath } from "../../core/i18n/locale.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

type Params = { Params: { id: string } };

const cookieToken = (request: FastifyRequest) => parseCookie(request.headers.cookie ?? "")[GIVING_COOKIE];

/** A plain HTML form's post (the page works without JavaScript): answered with a redirect to the page. */
const isFormPost = (request: FastifyRequest) =>
  String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/** /giving in the language of the page the form was on (its hidden `lang` field), plus `query`. */
function page(request: FastifyRequest, query = ""): string {
  const lang = (request.body as { lang?: unknown } | undefined)?.lang;
  return `${localizePath("/giving", isLocale(lang) ? lang : "en")}${query}`;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeMs: number) {
  reply.header(
    "set-cookie",
    stringifySetCookie({
      name: GIVING_COOKIE,
      value,
      path: "/",
      maxAge: Math.floor(maxAgeMs / 1000),
      httpOnly: true,
      secure: request.protocol === "https",
      sameSite: "strict",
    }),
  );
}

/** Which message /giving shows for a refused form post. */
function formErrorOf(error: FastifyError, request: FastifyRequest): GivingFormError {
  const status = error.statusCode ?? (error as { status?: number }).status ?? 500;
  if (status === 429) return "busy";
  if (status === 401) return "signed-out";
  if (status === 410) return "link";
  if (status === 503) return "unavailable";
  if (status === 409) return "not-running";
  if (status === 404) return "not-found";
  if (status === 400)
    return request.url.endsWith("/amount") ? "amount" : request.url.endsWith("/pause") ? "pause" : "email";
  return "provider";
}

/**
 * "My giving" (docs/decisions/0460-my-giving.md): public routes, the donor's own cookie
 * instead of a staff token. Each POST takes JSON (an API client) or a plain form post (the page,
 * with or without JavaScript), which is answered with a 303 back to /giving.
 */
export default async function givingRoutes(app: FastifyInstance) {
  const { giving } = app.services;

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? (error as { status?: number }).status ?? 500;
    // A form's refusal (or the provider's or mail's absence) goes back to the page, which says why.
    if (isFormPost(request) && (status < 500 || status === 502 || status === 503)) {
      const gift = (request.params as { id?: string }).id;
      const query = new URLSearchParams({ error: formErrorOf(error, request), ...(gift && { gift }) });
      return reply
        .code(303)
        .header("location", page(request, `?${query}`))
        .send();
    }
    throw error; // the app's handler answers as everywhere else
  });

  const answer = (request: FastifyRequest, reply: FastifyReply, query: string, body: object, code = 202) =>
    isFormPost(request) ? reply.code(303).header("location", page(request, query)).send() : reply.code(code).send(body);

  app.post(
    "/api/giving/link",
    { config: { access: "public", rateLimit: GIVING_SIGN_IN_LINKS.perAsker }, bodyLimit: 4096 },
    async (request, reply) => {
      await giving.requestLink(request.body);
      return answer(request, reply, "?sent=1", { message: GIVING_LINK_SENT_MESSAGE });
    },
  );

  app.post(
    "/api/giving/session",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      const { token, session } = await giving.signIn(request.body);
      setSessionCookie(request, reply, token, DONOR_SESSION_LIFETIME_MS);
      reply.header("cache-control", "no-store");
      return answer(request, reply, "", session, 200);
    },
  );

  app.post("/api/giving/sign-out", { config: { access: "public" } }, async (request, reply) => {
    await giving.signOut(cookieToken(request));
    setSessionCookie(request, reply, "", 0);
    return answer(request, reply, "?signed-out=1", {}, 200);
  });

  app.get("/api/giving", { config: { access: "public" } }, async (request, reply) => {
    const session = await giving.requireSession(cookieToken(request));
    reply.header("cache-control", "no-store");
    return giving.overview(session);
  });

  app.get<Params>("/api/giving/receipts/:id/pdf", { config: { access: "public" } }, async (request, reply) => {
    const session = await giving.requireSession(cookieToken(request));
    const { number, pdf } = await giving.receiptPdf(session, request.params.id);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="receipt-${number}.pdf"`)
      .header("cache-control", "no-store")
      .send(pdf);
  });

  app.post<Params>(
    "/api/giving/gifts/:id/stop",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      const session = await giving.requireSession(cookieToken(request));
      await giving.stopMonthly(session, request.params.id, request.ip);
      return answer(request, reply, `?requested=stop&gift=${request.params.id}`, {
        message: GIVING_STOP_REQUESTED_MESSAGE,
      });
    },
  );

  app.post<Params>(
    "/api/giving/gifts/:id/amount",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      const session = await giving.requireSession(cookieToken(request));
      await giving.changeMonthlyAmount(session, request.params.id, request.body, request.ip);
      return answer(request, reply, `?requested=amount&gift=${request.params.id}`, {
        message: GIVING_CHANGE_REQUESTED_MESSAGE,
      });
    },
  );

  app.post<Params>(
    "/api/giving/gifts/:id/pause",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      const session = await giving.requireSession(cookieToken(request));
      await giving.pauseMonthly(session, request.params.id, request.body, request.ip);
      return answer(request, reply, `?requested=pause&gift=${request.params.id}`, {
        message: GIVING_PAUSE_REQUESTED_MESSAGE,
      });
    },
  );

  app.post<Params>(
    "/api/giving/gifts/:id/resume",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      const session = await giving.requireSession(cookieToken(request));
      await giving.resumeMonthly(session, request.params.id, request.ip);
      return answer(request, reply, `?requested=resume&gift=${request.params.id}`, {
        message: GIVING_RESUME_REQUESTED_MESSAGE,
      });
    },
  );

  // A POST: opening Stripe's portal creates a session there. The donor is sent on; the card never comes here.
  app.post<Params>(
    "/api/giving/gifts/:id/card",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      const session = await giving.requireSession(cookieToken(request));
      const lang = (request.body as { lang?: unknown } | undefined)?.lang;
      const url = await giving.cardUpdateUrl(session, request.params.id, isLocale(lang) ? lang : "en");
      reply.header("cache-control", "no-store");
      return isFormPost(request) ? reply.code(303).header("location", url).send() : reply.code(200).send({ url });
    },
  );
}
