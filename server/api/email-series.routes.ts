import type { FastifyInstance } from "fastify";
import { EDITORS } from "../../core/access/roles.ts";
import { actorOf } from "../plugins/access.ts";

type SeriesParams = { Params: { series: string } };
type StepParams = { Params: { series: string; id: string } };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page the unsubscribe link opens: a button that POSTs, so a link scanner stops nothing. */
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Hope Behind Bars</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`;

/**
 * The unsubscribe link of a series' e-mails (docs/decisions/0790-email-series.md). RFC 8058
 * one-click: a mail client POSTs to the List-Unsubscribe URL without a session; the signed token is
 * all that counts, so any body is accepted and ignored. A GET (the link clicked) asks first.
 */
async function unsubscribeRoutes(app: FastifyInstance) {
  const { emailSeries } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 16 * 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const tokenOf = (query: unknown) => (query as { token?: unknown }).token;
  app.get("/api/email-series/unsubscribe", { config: { access: "public" } }, async (request, reply) => {
    const token = tokenOf(request.query);
    const action = `/api/email-series/unsubscribe?token=${encodeURIComponent(typeof token === "string" ? token : "")}`;
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          `<h1>Stop these e-mails?</h1><p>You will get no more of the e-mails we send after a gift. Receipts still come.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these e-mails</button></form>`,
        ),
      );
  });
  app.post("/api/email-series/unsubscribe", { config: { access: "public" } }, async (request, reply) => {
    await emailSeries.unsubscribe(tokenOf(request.query));
    return reply
      .type("text/html; charset=utf-8")
      .send(page("<h1>Done</h1><p>You will get no more of these e-mails.</p>"));
  });
}

/** Admin → Welcome e-mails: each step written with the newsletter editor, previewed, switched on or off. */
export default async function emailSeriesRoutes(app: FastifyInstance) {
  const { emailSeries } = app.services;
  const staff = { config: { roles: EDITORS } };

  await app.register(unsubscribeRoutes);
  app.get<SeriesParams>("/api/email-series/:series", staff, async (request) => emailSeries.get(request.params.series));
  app.put<StepParams>("/api/email-series/:series/steps/:id", staff, async (request) =>
    emailSeries.updateStep(request.params.series, request.params.id, request.body, actorOf(request)),
  );
  app.get<StepParams>("/api/email-series/:series/steps/:id/preview", staff, async (request) =>
    emailSeries.preview(request.params.series, request.params.id, request.query),
  );
}
