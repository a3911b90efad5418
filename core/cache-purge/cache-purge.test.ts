import type { FastifyInstance } from "fastify";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAgain, DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * A stand-in for the public pages (the React Router pages are not part of the API build): one
 * page that shows every kind of public content, cached like the real ones.
 */
function addPublicPage(app: FastifyInstance) {
  app.get("/everything", { config: { access: "public" } }, async (_request, reply) => {
    const { videos, gallery, blogs, publications, siteContent, funds } = app.services;
    const titles = [
      ...(await siteContent.published()).home.heroSlides,
      // The need cards' figures: "<fund>=<raised cents>".
      ...(await funds.list()).map((fund) => ({ title: `${fund.id}=${fund.raised}` })),
      ...(await videos.list()).videos,
      ...(await gallery.list()).images,
      ...(await blogs.latest(50)),
      ...(await publications.list()),
    ].map((item) => item.title);
    return reply
      .type("text/html; charset=utf-8")
      .header("x-page-cache", "public")
      .send(`<html><body><ul><li>${titles.join("</li><li>")}</li></ul></body></html>`);
  });
}

const page = (app: FastifyInstance) => app.inject({ url: "/everything", headers: { accept: "text/html" } });

/** Asks twice, so that the answer is in the cache (the second one says so). */
async function primed(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  await app.inject({ url, headers });
  const again = await app.inject({ url, headers });
  expect(again.headers["x-cache"], url).toBe("hit");
}
const primePage = (app: FastifyInstance) => primed(app, "/everything", { accept: "text/html" });

const image = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#0b5563" } })
    .png()
    .toBuffer();

describe.each(DIALECTS)("cache purge on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let png: Buffer;

  beforeAll(async () => {
    // Each change is checked on the page rendered after it (not a hit): nothing renders it earlier.
    t = await createTestApp(dialect, {
      config: { pageCacheSeconds: 60, pageCacheWarmPages: 0 },
      beforeReady: addPublicPage,
    });
    auth = await t.adminHeaders();
    png = await image();
  });
  afterAll(() => t.close());

  async function send(method: string, url: string, fields?: Record<string, string>, file?: string) {
    if (!fields) return t.app.inject({ method: method as "DELETE", url, headers: auth });
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append(file, fileBlob(png), "photo.png");
    return t.app.inject({ method: method as "POST", url, ...(await multipartPayload(form, auth)) });
  }

  const ids: Record<string, string> = {};
  const video = (title: string) => ({
    title,
    description: "A story.",
    youtubeUrl: "https://youtu.be/aaaaaaaaaaa",
    category: "Testimonials",
  });
  const galleryItem = (title: string) => ({
    title,
    description: "Twelve mothers received their certificates.",
    category: "Skills Training",
    eventDate: "2026-03-14",
  });
  const post = (title: string) => ({
    title,
    excerpt: "What the children learnt this term.",
    authorName: "Hanna Tesfaye",
    content: "<p>The children learnt to read and to count this term.</p>",
  });
  const publication = (title: string) => ({
    title,
    description: "A national newspaper feature on our programme.",
    link: "https://news.example.org/features/hope",
    publicationDate: "2026-03-08",
  });

  /** Every change the public can see, as staff make it; each names the title that appears or goes. */
  const changes: Array<{ change: string; list?: string; act: () => Promise<{ shows?: string; gone?: string }> }> = [
    {
      change: "a new video",
      list: "/api/videos",
      async act() {
        const created = await t.app.inject({ method: "POST", url: "/api/videos", headers: auth, payload: video("V1") });
        ids.video = created.json()._id;
        return { shows: "V1" };
      },
    },
    {
      change: "an edited video",
      list: "/api/videos",
      async act() {
        await t.app.inject({ method: "PUT", url: `/api/videos/${ids.video}`, headers: auth, payload: video("V2") });
        return { shows: "V2", gone: "V1" };
      },
    },
    {
      change: "a deleted video",
      list: "/api/videos",
      async act() {
        await send("DELETE", `/api/videos/${ids.video}`);
        return { gone: "V2" };
      },
    },
    {
      change: "a new gallery item",
      list: "/api/gallery",
      async act() {
        ids.gallery = (await send("POST", "/api/gallery", galleryItem("G1"), "images")).json()._id;
        return { shows: "G1" };
      },
    },
    {
      change: "an edited gallery item",
      list: "/api/gallery",
      async act() {
        await send("PUT", `/api/gallery/${ids.gallery}`, galleryItem("G2"), "images");
        return { shows: "G2", gone: "G1" };
      },
    },
    {
      change: "a deleted gallery item",
      list: "/api/gallery",
      async act() {
        await send("DELETE", `/api/gallery/${ids.gallery}`);
        return { gone: "G2" };
      },
    },
    {
      change: "a new blog post",
      async act() {
        ids.blog = (await send("POST", "/api/blogs", post("B1"), "image")).json()._id;
        return { shows: "B1" };
      },
    },
    {
      change: "an edited blog post",
      async act() {
        await send("PUT", `/api/blogs/${ids.blog}`, post("B2"), "image");
        return { shows: "B2", gone: "B1" };
      },
    },
    {
      change: "a deleted blog post",
      async act() {
        await send("DELETE", `/api/blogs/${ids.blog}`);
        return { gone: "B2" };
      },
    },
    {
      change: "a new publication",
      async act() {
        ids.publication = (await send("POST", "/api/publications", publication("P1"), "image")).json()._id;
        return { shows: "P1" };
      },
    },
    {
      change: "an edited publication",
      async act() {
        await send("PUT", `/api/publications/${ids.publication}`, publication("P2"));
        return { shows: "P2", gone: "P1" };
      },
    },
    {
      change: "a deleted publication",
      async act() {
        await send("DELETE", `/api/publications/${ids.publication}`);
        return { gone: "P2" };
      },
    },
    {
      change: "published site content",
      list: "/api/site-content",
      async act() {
        const { draft, revision } = (await t.app.inject({ url: "/api/site-content/home", headers: auth })).json();
        const [first, ...rest] = draft.heroSlides;
        const saved = await t.app.inject({
          method: "PUT",
          url: "/api/site-content/home",
          headers: auth,
          payload: { revision, content: { ...draft, heroSlides: [{ ...first, title: "S1" }, ...rest] } },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const published = await t.app.inject({
          method: "POST",
          url: "/api/site-content/home/publish",
          headers: auth,
          payload: { revision: saved.json().revision },
        });
        expect(published.statusCode, published.body).toBe(200);
        return { shows: "S1", gone: first.title };
      },
    },
    {
      change: "a paid card gift to a need",
      async act() {
        const opened = await t.app.inject({
          method: "POST",
          url: "/api/payments/create-checkout-session",
          payload: { amount: 25, frequency: "one-time", fund: "eccd-package" },
        });
        expect(opened.statusCode, opened.body).toBe(200);
        await t.services.donations.completeSandboxCheckout(opened.json().id);
        // The default card's $40 opening balance and the $25 gift.
        return { shows: "eccd-package=6500", gone: "eccd-package=4000" };
      },
    },
    {
      change: "an offline gift recorded for a need",
      async act() {
        const recorded = await t.app.inject({
          method: "POST",
          url: "/api/offline-gifts",
          headers: auth,
          payload: { receivedOn: "2026-11-20", method: "cash", amount: "10", currency: "usd", fund: "eccd-package" },
        });
        expect(recorded.statusCode, recorded.body).toBe(201);
        return { shows: "eccd-package=7500", gone: "eccd-package=6500" };
      },
    },
  ];

  it.each(changes)("shows $change at once on the instance that made it", async ({ list, act }) => {
    await primePage(t.app);
    if (list) await primed(t.app, list);
    const { shows, gone } = await act();
    const after = await page(t.app);
    expect(after.headers["x-cache"]).toBeUndefined();
    if (shows) expect(after.body).toContain(`<li>${shows}</li>`);
    if (gone) expect(after.body).not.toContain(`<li>${gone}</li>`);
    if (list) {
      const answer = await t.app.inject({ url: list });
      expect(answer.headers["x-cache"]).toBeUndefined();
      if (shows) expect(answer.body).toContain(`"title":"${shows}"`);
      if (gone) expect(answer.body).not.toContain(`"title":"${gone}"`);
    }
  });

  it("keeps the caches through writes that no public page shows (a newsletter sign-up)", async () => {
    await primePage(t.app);
    await primed(t.app, "/api/videos");
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/subscribe",
      payload: { email: "reader@example.org" },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect((await page(t.app)).headers["x-cache"]).toBe("hit");
    expect((await t.app.inject({ url: "/api/videos" })).headers["x-cache"]).toBe("hit");
  });
});

describe("cache purge during a render", () => {
  let t: TestApp;
  let entered: () => void;
  let release: () => void;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      config: { pageCacheSeconds: 60 },
      beforeReady(app) {
        app.get("/slow", { config: { access: "public" } }, async (_request, reply) => {
          const content = (await app.services.videos.list()).videos.length;
          entered();
          await new Promise<void>((resolve) => (release = resolve));
          return reply.type("text/html").header("x-page-cache", "public").send(`<p>${content} videos</p>`);
        });
      },
    });
  });
  afterAll(() => t.close());

  it("does not keep a page that read the content before the change", async () => {
    const inRender = new Promise<void>((resolve) => (entered = resolve));
    const stale = t.app.inject({ url: "/slow", headers: { accept: "text/html" } });
    await inRender;
    await t.services.cachePurge.purgePublicCaches();
    release();
    expect((await stale).body).toContain("0 videos");
    const next = new Promise<void>((resolve) => (entered = resolve));
    const fresh = t.app.inject({ url: "/slow", headers: { accept: "text/html" } });
    await Promise.race([next, fresh]); // a cache hit would never enter the render
    release();
    expect((await fresh).headers["x-cache"]).toBeUndefined();
  });
});

describe.runIf(DIALECTS.includes("postgres"))("cache purge across two instances on one PostgreSQL schema", () => {
  let a: TestApp;
  let b: TestApp;
  let auth: { authorization: string };
  // A purge is seen as the page rendered again for the next visitor (nothing renders it earlier).
  const config = { pageCacheSeconds: 60, pageCacheWarmPages: 0 };
  // Far below PAGE_CACHE_SECONDS: only a purge can explain the change showing up in time.
  const soon = { timeout: 3000, interval: 50 };

  beforeAll(async () => {
    a = await createTestApp("postgres", { config, beforeReady: addPublicPage });
    const bName = `${a.database.schema}-b`;
    b = await createTestApp("postgres", {
      config,
      beforeReady: addPublicPage,
      database: connectAgain(a.database, bName),
    });
    auth = await a.adminHeaders();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function deleteOnAWhileBHasItCached(title: string) {
    const created = await a.app.inject({
      method: "POST",
      url: "/api/videos",
      headers: auth,
      payload: { title, description: "A story.", youtubeUrl: "https://youtu.be/aaaaaaaaaaa", category: "Testimonials" },
    });
    // B may still be purging after the creation; wait until it shows the new video, cached.
    await expect.poll(async () => (await page(b.app)).body, soon).toContain(title);
    await expect.poll(async () => (await b.app.inject({ url: "/api/videos" })).body, soon).toContain(title);
    await primePage(b.app);
    await primed(b.app, "/api/videos");

    const deleted = await a.app.inject({ method: "DELETE", url: `/api/videos/${created.json()._id}`, headers: auth });
    expect(deleted.statusCode).toBe(204);
    await expect.poll(async () => (await page(b.app)).body, soon).not.toContain(title);
    await expect.poll(async () => (await b.app.inject({ url: "/api/videos" })).body, soon).not.toContain(title);
  }

  it("a delete on one instance is not served from another's page or API cache", async () => {
    await deleteOnAWhileBHasItCached("Soon gone");
  });

  it("keeps hearing purges after the database drops the listening connection, and purges on reconnecting", async () => {
    await primePage(b.app);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const bName = `${a.database.schema}-b`;
      const { rows } = await admin.query<{ at: Date }>("select now() as at");
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query ilike 'listen%'",
        [bName],
      );
      expect(ended.rowCount).toBe(1);
      await expect
        .poll(async () => {
          const listening = await admin.query(
            "select 1 from pg_stat_activity where application_name = $1 and query ilike 'listen%' and backend_start > $2",
            [bName, rows[0]?.at],
          );
          return listening.rowCount;
        }, soon)
        .toBe(1);
    } finally {
      await admin.end();
    }
    // Purges sent while it was away are lost, so it purged on reconnecting.
    expect((await page(b.app)).headers["x-cache"]).toBeUndefined();
    await deleteOnAWhileBHasItCached("Gone after failover");
  });
});
