import type { FastifyInstance } from "fastify";
import { INBOX } from "../../core/access/roles.ts";
import { csvAttachment } from "../../core/shared/csv.ts";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "../../core/subscribers/subscribers.constants.ts";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";
import { requestedLocale } from "./content-language.ts";

const tokenOf = (query: unknown) => ({ token: (query as { token?: unknown }).token });

/**
 * The unsubscribe links. RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` (form
 * or multipart encoded) to the URL in the List-Unsubscribe header, without a session or cookies; the
 * signed token in the URL is all that counts, so any body is accepted and ignored. Not rate limited:
 * large mail providers send these from few addresses.
 */
async function unsubscribeRoutes(app: FastifyInstance) {
  const { subscribers } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 16 * 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  app.post("/api/subscribe/unsubscribe", { config: { access: "public" } }, async (request) =>
    subscribers.unsubscribe(tokenOf(request.query)),
  );
  app.post("/api/subscribe/resubscribe", { config: { access: "public" } }, async (request) =>
    subscribers.resubscribe(tokenOf(request.query)),
  );
}

export default async function subscribersRoutes(app: FastifyInstance) {
  const { subscribers, clock } = app.services;

  app.post("/api/subscribe", { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } }, async (request, reply) => {
    // `?lang=am` (ours, additive): the confirmation e-mail in the language of the page that asked.
    await subscribers.subscribe(request.body, requestedLocale(request));
    return reply.code(201).send({ message: "Subscribed" });
  });

  app.post(
    "/api/subscribe/confirm",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request) => subscribers.confirm(request.body),
  );

  await app.register(unsubscribeRoutes);

  app.get("/api/subscribe", { config: { roles: INBOX } }, async (request) => {
    const { status } = request.query as { status?: string };
    const known = SUBSCRIBER_STATUSES.includes(status as SubscriberStatus);
    return subscribers.list(known ? (status as SubscriberStatus) : undefined);
  });

  // The dashboard's figure, without downloading every address to count them.
  app.get("/api/subscribe/counts", { config: { roles: INBOX } }, async () => subscribers.counts());

  /** What the Subscribers screen says about consent: without e-mail, addresses are confirmed at once. */
  app.get("/api/subscribe/consent", { config: { roles: INBOX } }, async () => ({
    doubleOptIn: subscribers.doubleOptIn,
  }));

  app.delete("/api/subscribe", { config: { roles: INBOX } }, async (request) =>
    subscribers.remove(request.body, actorOf(request)),
  );

  // The file is kept and read by a job in batches (docs/decisions/0614-import-jobs.md): 202 with the
  // import's id, whose progress and summary the call below answers.
  app.post("/api/subscribe/import", { config: { roles: INBOX }, bodyLimit: 6 * 1024 * 1024 }, async (request, reply) =>
    reply.code(202).send(await subscribers.startImport(request.body, actorOf(request))),
  );

  app.get("/api/subscribe/import/:id", { config: { roles: INBOX } }, async (request) =>
    subscribers.importStatus((request.params as { id: string }).id),
  );

  app.get("/api/subscribe/export.csv", { config: { roles: INBOX } }, async (request, reply) => {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("subscribers", clock()))
      .header("cache-control", "no-store")
      .send(subscribers.exportCsv(actorOf(request)));
  });
}
