import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { loadConfig } from "../../config/env.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../../db/database.ts";
import { buildApp, type RouteEntry } from "../../server/app.ts";
import { type FakeChapa, startFakeChapa } from "../../tests/support/fake-chapa.ts";
import { startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { pngClaiming, polyglotJpeg, svgImage, textFile, truncatedJpeg } from "../../tests/support/images.ts";
import { createSmtpInbox } from "../../tests/support/smtp-inbox.ts";
import type { FigureLog } from "./figures.ts";
import {
  type FilePool,
  type FuzzRequest,
  type Identity,
  requestsFor,
  signChapaWebhook,
  signedChapaRequests,
  signedWebhookRequests,
  signWebhook,
} from "./fuzz-requests.ts";
import { createChaosSchema } from "./pg-schema.ts";
import { createRandom, type Random } from "./random.ts";

export interface FuzzOptions {
  /** Requests per route and identity (anonymous, admin). */
  runsPerRoute: number;
  seed: number;
  /** Per database: no request starts after this. */
  budgetSeconds: number;
  /** Also fuzz on PostgreSQL (in a fresh schema) when given. */
  postgresUrl: string | undefined;
}

export const FUZZ_DEFAULTS = { runsPerRoute: 40, budgetSeconds: 90 };

const WEBHOOK_SECRET = "whsec_chaosfuzz";
const CHAPA_WEBHOOK_SECRET = "chaos-fuzz-chapa-notifications";
const ADMIN = { email: "fuzz-admin@hopebehindbars.test", password: "fuzzing all the routes" };
const HANG_MS = 15_000;

interface ServerFault {
  route: string;
  identity: Identity;
  kind: string;
  status: number | "hang" | "inject failed";
  error: string;
  example: string;
}

async function filePool(): Promise<FilePool> {
  const tiny = (format: "jpeg" | "png" | "webp") =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: "#446688" } })
      [format]()
      .toBuffer();
  return {
    valid: [await tiny("jpeg"), await tiny("png"), await tiny("webp"), await polyglotJpeg()],
    refused: [
      textFile(),
      svgImage(),
      await truncatedJpeg(),
      await pngClaiming(30_000, 30_000),
      Buffer.from([0xff, 0xd8, 0xff]),
    ],
  };
}

/** Ids the server handed out, by the route they were read from, so `{known}` in a path names a real record. */
class KnownIds {
  private readonly ids = new Map<string, string[]>();
  learn(url: string, body: unknown) {
    const key = url.split("?")[0]?.replace(/\/:id$/, "") ?? url;
    const found: string[] = [];
    const visit = (value: unknown, depth: number) => {
      if (depth > 2 || typeof value !== "object" || value === null) return;
      if (Array.isArray(value)) {
        for (const item of value) visit(item, depth + 1);
        return;
      }
      const record = value as Record<string, unknown>;
      if (typeof record._id === "string") found.push(record._id);
      for (const field of ["images", "donations"]) visit(record[field], depth + 1);
    };
    visit(body, 0);
    if (found.length === 0) return;
    const list = this.ids.get(key) ?? [];
    list.push(...found);
    this.ids.set(key, list.slice(-50));
  }
  pick(routeUrl: string, random: Random): string | undefined {
    const list = this.ids.get(routeUrl.replace(/\/:id$/, ""));
    return list && list.length > 0 ? random.pick(list) : undefined;
  }
  /** A birr checkout's reference (`{ id: "hbb-…" }`), which Chapa's notifications name as tx_ref. */
  learnChapaReference(body: unknown) {
    const id = (body as { id?: unknown } | null)?.id;
    if (typeof id === "string" && id.startsWith("hbb-"))
      this.chapaReferences = [...this.chapaReferences, id].slice(-50);
  }
  chapaReferences: string[] = [];
}

interface Harness {
  app: FastifyInstance;
  errorsByRequest: Map<string, string>;
  /**
   * Requests answered by a deliberate ServiceUnavailableError ("not available here"), by request
   * id: the error handler logs those as "service unavailable", unlike a database that is away.
   */
  designedByRequest: Map<string, string>;
  chapa: FakeChapa;
  close(): Promise<void>;
}

/** The providers the app talks to, local fakes: Stripe's API, Chapa's API and a mail server. */
interface Fakes {
  stripeUrl: string;
  chapa: FakeChapa;
  smtpPort: number;
}

async function startApp(
  dialect: "sqlite" | "postgres",
  postgresUrl: string | undefined,
  fakes: Fakes,
): Promise<Harness> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-chaos-fuzz-"));
  let database: DatabaseHandle;
  let dropSchema = async () => {};
  if (dialect === "postgres" && postgresUrl) {
    const { schema, drop } = await createChaosSchema(postgresUrl, "fuzz");
    database = openDatabase({ databaseUrl: postgresUrl, pgSchema: schema });
    dropSchema = drop;
  } else {
    database = openDatabase({ sqlitePath: path.join(dir, "hope.sqlite") });
  }
  await migrateToLatest(database);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    SESSION_SECRET: "chaos-fuzz-secret-chaos-fuzz-secret-0001",
    STRIPE_SECRET_KEY: "sk_test_chaosfuzz",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fakes.stripeUrl,
    // E-mail and birr giving set up, so their routes run for real instead of answering 503.
    SMTP_URL: `smtp://127.0.0.1:${fakes.smtpPort}`,
    SMTP_FROM: "Hope Behind Bars <website@hopebehindbars.test>",
    CHAPA_SECRET_KEY: "CHASECK_TEST-fake0key",
    CHAPA_WEBHOOK_SECRET,
    CHAPA_API_URL: fakes.chapa.url,
  });
  // The error log names the cause of each 5xx (by request id); nothing else is printed. Warnings
  // are read too: a deliberate 503 is logged as one ("service unavailable").
  const errorsByRequest = new Map<string, string>();
  const designedByRequest = new Map<string, string>();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        try {
          const entry = JSON.parse(line) as {
            reqId?: string;
            level?: number;
            err?: { type?: string; message?: string; code?: string };
            msg?: string;
            reason?: string;
            cause?: string;
          };
          if (!entry.reqId) continue;
          if (entry.msg === "service unavailable") designedByRequest.set(entry.reqId, entry.reason ?? "");
          else if ((entry.level ?? 0) >= 50 || !errorsByRequest.has(entry.reqId))
            errorsByRequest.set(
              entry.reqId,
              `${entry.err?.type ?? ""} ${entry.err?.code ?? ""} ${entry.err?.message ?? entry.msg ?? ""} ${entry.cause ?? ""}`.trim(),
            );
        } catch {
          // not JSON: ignore
        }
      }
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { level: "warn", stream } });
  await app.ready();
  await app.services.auth.createAdmin(ADMIN.email, ADMIN.password);
  return {
    app,
    errorsByRequest,
    designedByRequest,
    chapa: fakes.chapa,
    async close() {
      await app.close();
      await database.close();
      await dropSchema();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function login(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: ADMIN,
    remoteAddress: "127.0.0.2",
  });
  if (response.statusCode !== 200) throw new Error(`fuzz admin login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** Valid records of every kind first, so fuzzed paths can name real ids. */
async function seedRecords(app: FastifyInstance, token: string, files: FilePool, known: KnownIds) {
  const authorization = `Bearer ${token}`;
  const image = files.valid[0] as Buffer;
  const form = (fields: Record<string, string>, field: string) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    data.append(field, new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "a.jpg");
    return new Request("http://x", { method: "POST", body: data });
  };
  const sendForm = async (url: string, request: Request) =>
    app.inject({
      method: "POST",
      url,
      headers: { authorization, "content-type": request.headers.get("content-type") as string },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  const seeds: Array<[string, () => Promise<Awaited<ReturnType<FastifyInstance["inject"]>>>]> = [
    [
      "/api/gallery",
      async () =>
        sendForm(
          "/api/gallery",
          form({ title: "Seed", description: "d", category: "Education", eventDate: "2026-01-02" }, "images"),
        ),
    ],
    [
      "/api/blogs",
      async () =>
        sendForm(
          "/api/blogs",
          form({ title: "Seed", excerpt: "e", authorName: "a", content: "<p>A seeded post body.</p>" }, "image"),
        ),
    ],
    [
      "/api/publications",
      async () =>
        sendForm(
          "/api/publications",
          form(
            { title: "Seed", description: "d", link: "https://example.org", publicationDate: "2026-01-02" },
            "image",
          ),
        ),
    ],
    [
      "/api/videos",
      () =>
        app.inject({
          method: "POST",
          url: "/api/videos",
          headers: { authorization },
          payload: {
            title: "Seed",
            description: "d",
            youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
            category: "Testimonials",
          },
        }),
    ],
    [
      "/api/messages",
      () =>
        app.inject({
          method: "POST",
          url: "/api/messages",
          payload: { name: "Seed", email: "seed@example.org", message: "Hello there" },
        }),
    ],
    [
      "/api/subscribe",
      () => app.inject({ method: "POST", url: "/api/subscribe", payload: { email: "seed@example.org" } }),
    ],
    [
      "/api/volunteer",
      () =>
        app.inject({
          method: "POST",
          url: "/api/volunteer",
          payload: {
            fullName: "Seed",
            email: "seed@example.org",
            phone: "1",
            age: 30,
            interest: "Event Support",
            motivation: "m",
            availability: "Weekends",
          },
        }),
    ],
    [
      "/api/payments",
      () =>
        app.inject({
          method: "POST",
          url: "/api/payments/create-checkout-session",
          payload: { amount: 25, frequency: "one-time" },
        }),
    ],
  ];
  for (const [url, create] of seeds) {
    const response = await create();
    if (response.statusCode >= 300)
      throw new Error(`fuzz seed ${url} failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
    known.learn(url, response.json());
  }
  // A gift in birr opened at the fake Chapa, so signed notifications can name a real checkout.
  const birr = await app.inject({
    method: "POST",
    url: "/api/payments/create-checkout-session",
    payload: { amount: 500, currency: "ETB", email: "seed@example.org" },
  });
  if (birr.statusCode >= 300) throw new Error(`fuzz seed birr checkout failed: ${birr.statusCode} ${birr.body}`);
  known.learnChapaReference(birr.json());
  for (const url of ["/api/messages/admin", "/api/volunteer", "/api/subscribe", "/api/donations"]) {
    const response = await app.inject({ method: "GET", url, headers: { authorization } });
    known.learn(url, response.json());
  }
}

interface FuzzResult {
  requests: number;
  routes: number;
  faults: ServerFault[];
  /** 503s of a deliberate ServiceUnavailableError: not faults, shown apart. */
  designed: ServerFault[];
  uncaught: string[];
  withoutMessage: number;
  aliveAfter: boolean;
}

async function fuzzOne(dialect: "sqlite" | "postgres", options: FuzzOptions): Promise<FuzzResult> {
  const stripe = await startFakeStripe();
  const chapa = await startFakeChapa();
  // The app only queues e-mail (buildApp starts no job worker), but a test send or a newsletter is
  // refused without a mail server configured: this one would take what it is given.
  const smtp = await createSmtpInbox();
  await smtp.start();
  try {
    const harness = await startApp(dialect, options.postgresUrl, { stripeUrl: stripe.url, chapa, smtpPort: smtp.port });
    try {
      return await fuzzApp(harness, options);
    } finally {
      await harness.close();
    }
  } finally {
    await stripe.close();
    await chapa.close();
    await smtp.stop();
  }
}

async function fuzzApp(harness: Harness, options: FuzzOptions): Promise<FuzzResult> {
  const { app } = harness;
  const random = createRandom(options.seed);
  const files = await filePool();
  const known = new KnownIds();
  let token = await login(app);
  await seedRecords(app, token, files, known);

  const uncaught: string[] = [];
  const onUncaught = (error: unknown) =>
    uncaught.push(String(error instanceof Error ? (error.stack ?? error) : error).slice(0, 300));
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
  try {
    const routes = app.routeCatalog.filter(
      (r, i, all) => all.findIndex((o) => o.method === r.method && o.url === r.url) === i,
    );
    type Planned = { route: RouteEntry; identity: Identity; request: FuzzRequest | Promise<FuzzRequest> };
    const planned: Planned[] = [];
    let seedOffset = 0;
    for (const route of routes) {
      for (const identity of ["anonymous", "admin"] as const) {
        const arbitrary =
          route.url === "/api/payments/webhook"
            ? fc.oneof(requestsFor(route, identity, files), signedWebhookRequests())
            : route.url === "/api/payments/chapa/webhook"
              ? fc.oneof(requestsFor(route, identity, files), signedChapaRequests())
              : requestsFor(route, identity, files);
        for (const request of fc.sample(arbitrary, {
          numRuns: options.runsPerRoute,
          seed: options.seed + seedOffset++,
        })) {
          planned.push({ route, identity, request });
        }
      }
    }
    // Creates, updates and deletes of every feature interleave, as they would on a live site.
    for (let i = planned.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [planned[i], planned[j]] = [planned[j] as Planned, planned[i] as Planned];
    }

    const faults: ServerFault[] = [];
    const designed: ServerFault[] = [];
    let sent = 0;
    let withoutMessage = 0;
    const deadline = Date.now() + options.budgetSeconds * 1000;
    const fuzzed = new Set<string>();
    for (const { route, identity, request: pending } of planned) {
      if (Date.now() > deadline) break;
      let request = await pending;
      const id = known.pick(route.url, random) ?? crypto.randomUUID();
      request = { ...request, url: request.url.replaceAll("{known}", id) };
      if (request.kind === "signed-webhook" && route.url === "/api/payments/chapa/webhook") {
        const txRef =
          known.chapaReferences.length > 0 ? random.pick(known.chapaReferences) : `hbb-${crypto.randomUUID()}`;
        // What verify will say of it: paid, failed or still pending, as Chapa might.
        harness.chapa.settle(txRef, { status: random.pick(["success", "failed", "pending"] as const) });
        request = signChapaWebhook(request, CHAPA_WEBHOOK_SECRET, txRef);
      } else if (request.kind === "signed-webhook") {
        request = signWebhook(request, WEBHOOK_SECRET, known.pick("/api/donations", random) ?? crypto.randomUUID());
      }
      const headers = identity === "admin" ? { ...request.headers, authorization: `Bearer ${token}` } : request.headers;
      sent++;
      fuzzed.add(`${route.method} ${route.url}`);
      const example = `${identity} ${request.method} ${request.url.slice(0, 160)} [${request.kind}] ${String(headers["content-type"] ?? "")} ${JSON.stringify(String(request.payload ?? "").slice(0, 120))}`;
      let response: Awaited<ReturnType<FastifyInstance["inject"]>> | "hang";
      try {
        response = await Promise.race([
          app.inject({
            method: request.method as "GET",
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            remoteAddress: `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
          }),
          new Promise<"hang">((resolve) => setTimeout(() => resolve("hang"), HANG_MS).unref()),
        ]);
      } catch (error) {
        faults.push({
          route: `${route.method} ${route.url}`,
          identity,
          kind: request.kind,
          status: "inject failed",
          error: String(error).slice(0, 200),
          example,
        });
        continue;
      }
      if (response === "hang") {
        faults.push({
          route: `${route.method} ${route.url}`,
          identity,
          kind: request.kind,
          status: "hang",
          error: `no answer in ${HANG_MS} ms`,
          example,
        });
        continue;
      }
      const status = response.statusCode;
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = undefined;
      }
      if (status >= 500) {
        const requestId = String(response.headers["x-request-id"] ?? "");
        const reason = harness.designedByRequest.get(requestId);
        // A deliberate "not available here" answer says why; a 500, or a 5xx without a message, is a fault.
        const isDesigned =
          status === 503 && reason !== undefined && typeof (body as { message?: unknown })?.message === "string";
        (isDesigned ? designed : faults).push({
          route: `${route.method} ${route.url}`,
          identity,
          kind: request.kind,
          status,
          error: isDesigned ? reason : (harness.errorsByRequest.get(requestId) ?? response.body.slice(0, 200)),
          example,
        });
      } else if (
        status >= 400 &&
        route.url.startsWith("/api/") &&
        typeof (body as { message?: unknown })?.message !== "string"
      ) {
        withoutMessage++;
      } else if (status < 300) {
        known.learn(route.url, body);
        if (route.url === "/api/payments/create-checkout-session") known.learnChapaReference(body);
      }
      if (identity === "admin" && (status === 401 || (route.url === "/api/admin/logout" && status < 300)))
        token = await login(app);
    }

    const health = await app.inject({ method: "GET", url: "/api/health" }).catch(() => undefined);
    return {
      requests: sent,
      routes: fuzzed.size,
      faults,
      designed,
      uncaught,
      withoutMessage,
      aliveAfter: health?.statusCode === 200,
    };
  } finally {
    process.off("uncaughtException", onUncaught);
    process.off("unhandledRejection", onUncaught);
  }
}

/** Every route in the route table, fuzzed in-process (inject) as a visitor and as staff. */
export async function fuzzRoutes(log: FigureLog, options: FuzzOptions) {
  const dialects = ["sqlite", ...(options.postgresUrl ? (["postgres"] as const) : [])] as const;
  for (const dialect of dialects) {
    const result = await fuzzOne(dialect, options);
    const serverErrors = result.faults.filter((f) => typeof f.status === "number");
    log.add({
      name: `fuzz (${dialect}): requests`,
      value: result.requests,
      note: `${result.routes} routes, anonymous and admin`,
    });
    log.add({ name: `fuzz (${dialect}): 5xx answers`, value: serverErrors.length, target: 0 });
    log.add({
      name: `fuzz (${dialect}): designed 503s ("not available here")`,
      value: result.designed.length,
      note: "a feature this setup does not offer, answered with its reason",
    });
    const hangs = result.faults.filter((f) => f.status === "hang").length;
    log.add({
      name: `fuzz (${dialect}): crashes (uncaught errors, hangs, app down)`,
      value: result.uncaught.length + hangs + (result.aliveAfter ? 0 : 1),
      target: 0,
      note: result.uncaught[0] ?? result.faults.find((f) => f.status === "hang")?.example ?? "",
    });
    log.add({ name: `fuzz (${dialect}): 4xx answers without { message }`, value: result.withoutMessage });
    const injectFailures = result.faults.filter((f) => f.status === "inject failed");
    if (injectFailures.length)
      log.add({
        name: `fuzz (${dialect}): requests the harness could not send`,
        value: injectFailures.length,
        note: injectFailures[0]?.error,
      });
    for (const line of groupFaults(serverErrors)) console.log(`    ${line}`);
    for (const line of groupFaults(result.designed)) console.log(`    designed: ${line}`);
  }
}

/** One line per distinct (route, status, cause), with a count and one request that caused it. */
function groupFaults(faults: ServerFault[]): string[] {
  const groups = new Map<string, { count: number; fault: ServerFault }>();
  for (const fault of faults) {
    const key = `${fault.route} ${fault.status} ${fault.error.replace(/[0-9a-f-]{36}|\d+/g, "#").slice(0, 120)}`;
    const group = groups.get(key) ?? { count: 0, fault };
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()].map(
    ({ count, fault }) =>
      `${count}× ${fault.status} ${fault.route} ${fault.error.slice(0, 160)}\n      e.g. ${fault.example}`,
  );
}
