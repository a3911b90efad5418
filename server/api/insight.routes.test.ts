import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qrPath } from "../../core/shared/qr-code.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PAGE = "<!doctype html><html><body><p>A public page</p></body></html>";

/** Stand-ins for the React Router pages (API tests have none): public, cached HTML. */
function publicPages(app: FastifyInstance) {
  for (const url of ["/about", "/donate", "/am/donate", "/blog/:id", "/am/blog/:id"]) {
    app.get(url, { config: { access: "public" } }, async (_request, reply) =>
      reply.header("x-page-cache", "public").type("text/html; charset=utf-8").send(PAGE),
    );
  }
}

describe.each(DIALECTS)("insight and campaigns on %s", (dialect) => {
  let t: TestApp;
  // 09:00 in Addis Ababa.
  const now = new Date("2026-11-28T06:00:00Z");
  const view = (url: string, headers: Record<string, string> = {}, remoteAddress = "196.188.0.1") =>
    t.app.inject({
      method: "GET",
      url,
      headers: { accept: "text/html", "user-agent": PHONE, ...headers },
      remoteAddress,
    });
  const countedViews = async () => {
    await t.services.visits?.flush();
    return t.database.db.selectFrom("page_views").selectAll().orderBy("viewed_at").execute();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: () => now,
      config: { pageCacheSeconds: 10, publicSiteUrl: "http://localhost:3000" },
      beforeReady: publicPages,
    });
  });
  afterAll(() => t.close());

  it("counts a rendered page and a cached one, the same bytes, and nothing for DNT, GPC, bots, prefetches, staff or errors", async () => {
    const rendered = await view("/about");
    const cached = await view("/about", { "user-agent": LAPTOP }, "196.188.0.2");
    expect(rendered.statusCode).toBe(200);
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(rendered.rawPayload)).toBe(true);
    expect(cached.headers.etag).toBeDefined();
    for (const answer of [rendered, cached]) expect(answer.headers["set-cookie"]).toBeUndefined();

    await view("/about", { dnt: "1" });
    await view("/about", { "sec-gpc": "1" });
    await view("/about", { "sec-purpose": "prefetch" });
    await view("/about", { cookie: "hbb_staff=1" });
    await view("/about", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await view("/nowhere");
    await t.app.inject({ method: "GET", url: "/api/funds", headers: { "user-agent": PHONE } });

    const rows = await countedViews();
    expect(rows.map((row) => [row.path, row.device])).toEqual([
      ["/about", "mobile"],
      ["/about", "desktop"],
    ]);
    expect(rows[0]?.visitor).not.toBe(rows[1]?.visitor);
  });

  it("counts the front door's cached answers too, with no cookie set", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    const before = (await countedViews()).length;
    const asked = await fetch(`http://127.0.0.1:${address.port}/about?utm_source=facebook&utm_campaign=spring`, {
      headers: { accept: "text/html", "user-agent": PHONE },
    });
    const again = await fetch(`http://127.0.0.1:${address.port}/about?utm_source=facebook&utm_campaign=spring`, {
      headers: { accept: "text/html", "user-agent": PHONE },
    });
    expect(await again.text()).toBe(await asked.text());
    expect(again.headers.get("set-cookie")).toBeNull();
    // One visitor's two views, seconds apart: one row of two views when written together.
    const rows = (await countedViews()).slice(before);
    expect(rows.map((row) => [row.path, row.utm_source, row.utm_campaign])).toEqual(
      rows.map(() => ["/about", "facebook", "spring"]),
    );
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(2);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
  });

  it("answers the funnel of a scripted set of journeys by count", async () => {
    // Three people open the donation page: one from the newsletter, two typed it (one in Amharic).
    await view("/donate?utm_source=newsletter&utm_medium=email", {}, "196.188.1.1");
    await view("/donate", {}, "196.188.1.2");
    await view("/am/donate", {}, "196.188.1.3");
    // Two start a card checkout, one pays; a third tells us about a bank transfer.
    const checkout = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/create-checkout-session",
        payload: { amount: 25, frequency: "one-time" },
        remoteAddress: ip,
      });
    const paid = (await checkout("196.188.1.1")).json<{ id: string }>();
    await checkout("196.188.1.2");
    await t.services.donations.completeSandboxCheckout(paid.id, { email: "donor@example.org", name: "A Donor" });
    const notice = await t.app.inject({
      method: "POST",
      url: "/api/pledges",
      remoteAddress: "196.188.1.3",
      payload: {
        name: "Dawit Alemu",
        email: "dawit@example.org",
        amount: "3110",
        currency: "etb",
        transferredOn: "2026-11-27",
        bankReference: "FT26325QWE",
      },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    await countedViews();

    const headers = await t.staffHeaders("editor");
    const response = await t.app.inject({ url: "/api/insight?days=30", headers });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.funnel).toEqual({
      opened: 3,
      started: 3,
      paid: 1,
      byMethod: [
        { method: "card", started: 2, paid: 1 },
        { method: "birr", started: 0, paid: 0 },
        { method: "bank", started: 1, paid: 0 },
      ],
      // The checkouts and the notice above carry no attribution, so all three count as direct.
      bySource: [
        { source: "direct", opened: 2, started: 3, paid: 1 },
        { source: "newsletter", opened: 1, started: 0, paid: 0 },
      ],
      bySourceMethod: [
        { source: "direct", method: "card", started: 2, paid: 1 },
        { source: "direct", method: "bank", started: 1, paid: 0 },
      ],
    });
    // 2 views in the first test, 2 through the front door, 3 of the donation page; 6 visitors (one came twice).
    expect(report).toMatchObject({ days: 30, from: "2026-10-30", to: "2026-11-28", pageViews: 7, visitors: 6 });
    expect(report.perDay).toHaveLength(30);
    expect(report.perDay.at(-1)).toEqual({ day: "2026-11-28", visitors: 6, pageViews: 7 });
    expect(report.pages).toEqual(
      [
        { value: "/about", views: 4, visitors: 3 },
        { value: "/am/donate", views: 1, visitors: 1 },
        { value: "/donate", views: 2, visitors: 2 },
      ].sort((a, b) => b.views - a.views || b.visitors - a.visitors || a.value.localeCompare(b.value)),
    );
    expect(report.sources).toEqual([
      { value: "direct", views: 4, visitors: 4 },
      { value: "facebook", views: 2, visitors: 1 },
      { value: "newsletter", views: 1, visitors: 1 },
    ]);
    expect(report.campaigns).toEqual([
      { value: "spring", views: 2, visitors: 1, signUps: 0, gifts: 0, raisedUsdCents: 0 },
    ]);
    expect(report.languages).toEqual([
      { value: "en", views: 6, visitors: 5 },
      { value: "am", views: 1, visitors: 1 },
    ]);
    expect(report.devices).toEqual([
      { value: "mobile", views: 6, visitors: 5 },
      { value: "desktop", views: 1, visitors: 1 },
    ]);

    // The same figures after the day is rolled up, the next morning.
    const { houseKeepVisits } = await import("../../core/visits/visits-housekeeping.ts");
    await houseKeepVisits(t.database.db, new Date("2026-11-29T06:00:00Z"));
    const again = (await t.app.inject({ url: "/api/insight?days=30", headers })).json();
    expect(again.pages).toEqual(report.pages);
    expect(again.sources).toEqual(report.sources);
    expect(again.perDay.at(-1)).toEqual(report.perDay.at(-1));

    expect((await t.app.inject({ url: "/api/insight", headers: await t.staffHeaders("inbox") })).statusCode).toBe(403);
    const refused = await t.app.inject({ url: "/api/insight?days=0", headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ days: "Days must be 1 to 365" });
  });

  it("exports a table of Insight as CSV and records the export", async () => {
    const headers = await t.staffHeaders("editor");
    const response = await t.app.inject({ url: "/api/insight/export.csv?days=30&table=sources", headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.body).toBe("\uFEFFSource,Page views,Visitors\r\ndirect,4,4\r\nfacebook,2,1\r\nnewsletter,1,1\r\n");
    // Every table the funnel shows downloads too: its steps and its sources with their views.
    const csvOf = async (table: string) =>
      (await t.app.inject({ url: `/api/insight/export.csv?days=30&table=${table}`, headers })).body;
    expect(await csvOf("funnel-steps")).toBe("\uFEFFStep,Count\r\nDonate opened,3\r\nCheckout started,3\r\nPaid,1\r\n");
    expect(await csvOf("funnel-by-source")).toBe(
      "\uFEFFSource,Opened,Started,Paid\r\ndirect,2,3,1\r\nnewsletter,1,0,0\r\n",
    );
    const row = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity"])
      .where("entity", "=", "insight")
      .executeTakeFirst();
    expect(row).toEqual({ action: "export", entity: "insight" });
  });

  it("makes a campaign's tagged link, its short link's target, and its QR code", async () => {
    const headers = await t.staffHeaders("editor");
    const create = (payload: object) => t.app.inject({ method: "POST", url: "/api/campaigns", headers, payload });
    const created = await create({
      name: "Year-end appeal",
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
      goal: "5,000",
      landingPath: "/donate",
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      slug: "year-end-appeal",
      name: "Year-end appeal",
      goalCents: 500000,
      links: {
        url: "http://localhost:3000/donate?utm_source=poster&utm_medium=offline&utm_campaign=year-end-appeal",
        short: "http://localhost:3000/c/year-end-appeal",
      },
    });
    expect(typeof campaign.id).toBe("string");
    const second = (await create({ name: "Year-end appeal", startsOn: "2026-12-01", endsOn: "2026-12-31" })).json();
    expect(second.slug).toBe("year-end-appeal-2");
    const invalid = await create({ name: "", startsOn: "2026-12-31", endsOn: "2026-12-01" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      name: "Name is required",
      endsOn: "End date must be on or after the start date",
    });

    const list = (await t.app.inject({ url: "/api/campaigns", headers })).json();
    expect(list.campaigns.map((c: { slug: string }) => c.slug).sort()).toEqual([
      "year-end-appeal",
      "year-end-appeal-2",
    ]);

    // Where the short link (a page: tests/e2e/insight.e2e.ts follows it) sends a visitor.
    expect(await t.services.campaigns.redirectFor("Year-End-Appeal")).toBe(
      "http://localhost:3000/donate?utm_source=poster&utm_medium=offline&utm_campaign=year-end-appeal",
    );
    expect(await t.services.campaigns.redirectFor("no-such-campaign")).toBeUndefined();
    // Only what a slug is made of can name one: a stray byte never reaches the database.
    expect(await t.services.campaigns.redirectFor("year-end-appeal\u0000")).toBeUndefined();

    const svg = await t.app.inject({ url: `/api/campaigns/${campaign.id}/qr.svg`, headers });
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.body).toContain(`d="${qrPath("http://localhost:3000/c/year-end-appeal").path}"`);
    const png = await t.app.inject({ url: `/api/campaigns/${campaign.id}/qr.png`, headers });
    expect(png.headers["content-type"]).toBe("image/png");
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: "png", width: 1024, height: 1024 });

    // The spring campaign's links brought the two front-door views of the 28th (one visitor).
    const spring = (await create({ name: "Spring", startsOn: "2026-11-27", endsOn: "2026-12-31" })).json();
    expect(spring.slug).toBe("spring");
    const detail = (await t.app.inject({ url: `/api/campaigns/${spring.id}`, headers })).json();
    expect(detail.days).toEqual([
      { day: "2026-11-27", views: 0, visitors: 0, signUps: 0, gifts: 0, raised: {}, raisedUsdCents: 0 },
      { day: "2026-11-28", views: 2, visitors: 1, signUps: 0, gifts: 0, raised: {}, raisedUsdCents: 0 },
    ]);
    expect((await t.app.inject({ url: `/api/campaigns/${campaign.id}`, headers })).json().days).toEqual([]);

    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("entity", "=", "campaign")
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.map((row) => row.entity_id)).toContain(campaign.id);
    const inbox = await t.staffHeaders("inbox");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/campaigns", headers: inbox, payload: {} })).statusCode,
    ).toBe(403);
  });

  it("refuses days that are not real or too far apart and a fund that does not exist, and never takes a newsletter's tag", async () => {
    const headers = await t.staffHeaders("editor");
    const create = (payload: object) => t.app.inject({ method: "POST", url: "/api/campaigns", headers, payload });
    const refused = async (payload: object) => {
      const answer = await create(payload);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().fields;
    };
    expect(await refused({ name: "Leap", startsOn: "2026-02-30", endsOn: "2026-03-31" })).toEqual({
      startsOn: "Start date must be a real day (yyyy-MM-dd) from 2000 on",
    });
    expect(await refused({ name: "Old", startsOn: "1990-01-01", endsOn: "2026-03-31" })).toEqual({
      startsOn: "Start date must be a real day (yyyy-MM-dd) from 2000 on",
    });
    expect(await refused({ name: "Soon", startsOn: "soon", endsOn: "2026-03-31" })).toEqual({
      startsOn: "Start date must be a real day (yyyy-MM-dd) from 2000 on",
    });
    expect(await refused({ name: "Long", startsOn: "2026-01-01", endsOn: "2029-12-31" })).toEqual({
      endsOn: "A campaign runs at most three years",
    });
    expect(
      await refused({ name: "Nowhere", startsOn: "2026-12-01", endsOn: "2026-12-31", fundId: "no-such-fund" }),
    ).toEqual({ fundId: "Choose one of the funds" });

    // A campaign for a fund that lands on the donation page opens it with the fund chosen.
    const [fund] = (await t.app.inject({ url: "/api/funds" })).json() as { id: string }[];
    if (!fund) throw new Error("the test site has no fund");
    const forFund = (
      await create({
        name: "Newsletter December",
        startsOn: "2026-12-01",
        endsOn: "2026-12-31",
        fundId: fund.id,
        landingPath: "/am/donate",
      })
    ).json();
    // `newsletter-december` is what a newsletter titled "December" tags its links with.
    expect(forFund.slug).toBe("campaign-newsletter-december");
    expect(new URL(forFund.links.url).searchParams.get("fund")).toBe(fund.id);
    expect(new URL(forFund.links.url).pathname).toBe("/am/donate");

    // Two of one name saved at once both land, each with its own slug.
    const both = await Promise.all(
      [1, 2].map(() => create({ name: "Twin appeal", startsOn: "2026-12-01", endsOn: "2026-12-31" })),
    );
    expect(both.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(both.map((answer) => answer.json().slug).sort()).toEqual(["twin-appeal", "twin-appeal-2"]);
  });
});

describe("behind a trusted proxy", () => {
  it("reads the visitor's address from X-Forwarded-For and the country header only from the proxy", async () => {
    const t = await createTestApp("sqlite", {
      config: { pageCacheSeconds: 10, trustProxy: "loopback", analyticsCountryHeader: "cf-ipcountry" },
      beforeReady: publicPages,
    });
    try {
      const view = (remoteAddress: string, forwardedFor: string) =>
        t.app.inject({
          url: "/about",
          remoteAddress,
          headers: {
            accept: "text/html",
            "user-agent": PHONE,
            "x-forwarded-for": forwardedFor,
            "cf-ipcountry": "ET",
          },
        });
      await view("127.0.0.1", "196.188.5.5");
      await view("127.0.0.1", "196.188.5.5");
      await view("127.0.0.1", "196.188.5.6");
      await view("203.0.113.9", "196.188.5.5");
      await t.services.visits?.flush();
      const rows = await t.database.db.selectFrom("page_views").select(["visitor", "country", "views"]).execute();
      expect(rows.map((row) => row.country).sort()).toEqual(["", "ET", "ET"]);
      expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(4);
      expect(new Set(rows.map((row) => row.visitor)).size).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe("the most read posts", () => {
  it("adds up a post's views in both languages and shows the sign-ups and gifts of visits that first landed on it", async () => {
    const t = await createTestApp("sqlite", { config: { pageCacheSeconds: 10 }, beforeReady: publicPages });
    try {
      const post = "5e0c6c4e-7d2a-4b8e-9a51-3f1e2d4c5b6a";
      const other = "0b6f1d3a-2c4e-4f6a-8b1c-9d2e3f4a5b6c";
      const now = new Date().toISOString();
      await t.database.db
        .insertInto("blog_posts")
        .values(
          [
            [post, "Sewing circle opens"],
            [other, "Garden news"],
          ].map(([id, title]) => ({
            id: id as string,
            title: title as string,
            excerpt: "News from the centre.",
            author_name: "Staff",
            author_linkedin: null,
            content: "<p>The story.</p>",
            image_url: "/uploads/post.jpg",
            image_variants: null,
            created_at: now,
            updated_at: now,
            status: "published",
            publish_at: null,
          })),
        )
        .execute();
      const view = (url: string, remoteAddress: string) =>
        t.app.inject({ url, remoteAddress, headers: { accept: "text/html", "user-agent": PHONE } });
      await view(`/blog/${post}`, "196.188.9.1");
      await view(`/blog/${post}`, "196.188.9.2");
      await view(`/am/blog/${post}`, "196.188.9.3");
      await view(`/blog/${other}`, "196.188.9.4");
      // Not a post: a path under /blog that names none is left out.
      await view("/blog/no-such-post", "196.188.9.5");
      await t.services.visits?.flush();

      const from = (landing: string) => ({ attribution: { landing } });
      const call = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });
      expect(
        (await call("/api/subscribe", { email: "reader@example.org", ...from(`/am/blog/${post}`) })).statusCode,
      ).toBe(201);
      const gift = (
        await call("/api/payments/create-checkout-session", {
          amount: 25,
          frequency: "one-time",
          ...from(`/blog/${post}`),
        })
      ).json();
      await t.services.donations.completeSandboxCheckout(gift.id, { email: "giver@example.org", name: "Giver" });
      await call("/api/payments/create-checkout-session", {
        amount: 10,
        frequency: "one-time",
        ...from(`/blog/${post}`),
      });
      // A gift in birr through the sandbox (standing in for Chapa) counts as birr, not card.
      const birr = await call("/api/payments/create-checkout-session", {
        amount: 1000,
        currency: "ETB",
        frequency: "one-time",
        ...from(`/blog/${post}`),
      });
      expect(birr.statusCode, birr.body).toBe(200);
      // Another site's address is no landing.
      await call("/api/payments/create-checkout-session", {
        amount: 10,
        frequency: "one-time",
        ...from("https://example.org/blog"),
      });

      const landings = await t.database.db.selectFrom("donations").select("landing_path").execute();
      expect(landings.map((row) => row.landing_path).sort()).toEqual([
        `/blog/${post}`,
        `/blog/${post}`,
        `/blog/${post}`,
        null,
      ]);

      const headers = await t.staffHeaders("editor");
      const { posts, funnel } = (await t.app.inject({ url: "/api/insight?days=30", headers })).json();
      expect(funnel.byMethod).toEqual([
        { method: "card", started: 3, paid: 1 },
        { method: "birr", started: 1, paid: 0 },
        { method: "bank", started: 0, paid: 0 },
      ]);
      expect(posts).toEqual([
        { value: post, title: "Sewing circle opens", views: 3, visitors: 3, signUps: 1, started: 3, paid: 1 },
        { value: other, title: "Garden news", views: 1, visitors: 1, signUps: 0, started: 0, paid: 0 },
      ]);
      const csv = await t.app.inject({ url: "/api/insight/export.csv?days=30&table=posts", headers });
      expect(csv.body).toBe(
        "\uFEFFPost,Page views,Visitors,Sign-ups,Gifts started,Gifts paid\r\nSewing circle opens,3,3,1,3,1\r\nGarden news,1,1,0,0,0\r\n",
      );
    } finally {
      await t.close();
    }
  });
});

describe("the donation pop-up's opening", () => {
  it("counts as a view of the donation page in the visitor's language, from where the visit came, under the rules of every view", async () => {
    const t = await createTestApp("sqlite", { config: { pageCacheSeconds: 10 }, beforeReady: publicPages });
    try {
      const opened = (query: string, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: "POST",
          url: `/api/visits/donate-opened?${query}`,
          headers: { "user-agent": PHONE, "sec-fetch-site": "same-origin", ...headers },
        });
      const answer = await opened("lang=am&utm_source=Facebook&utm_campaign=spring&referrer_host=t.co");
      expect(answer.statusCode).toBe(204);
      expect(answer.headers["set-cookie"]).toBeUndefined();
      await opened("lang=en&referrer_host=news.example.org");
      // Opened again by the same visitor, in the same language: still one who opened it.
      await opened("lang=am&utm_source=Facebook&utm_campaign=spring&referrer_host=t.co");
      // Not counted: another site's page, a browser that asks not to be tracked, staff, a bot.
      await opened("lang=en&utm_source=forged", { "sec-fetch-site": "cross-site" });
      await opened("lang=en&utm_source=sibling", { "sec-fetch-site": "same-site" });
      await opened("lang=en&utm_source=gpc", { "sec-gpc": "1" });
      await opened("lang=en&utm_source=staff", { cookie: "hbb_staff=1" });
      await opened("lang=en&utm_source=bot", { "user-agent": "curl/8.0" });
      await t.services.visits?.flush();
      const rows = await t.database.db
        .selectFrom("page_views")
        .select(["path", "language", "utm_source", "utm_campaign", "referrer_host"])
        .orderBy("path")
        .execute();
      expect(rows).toEqual([
        { path: "/am/donate", language: "am", utm_source: "facebook", utm_campaign: "spring", referrer_host: "t.co" },
        { path: "/donate", language: "en", utm_source: "", utm_campaign: "", referrer_host: "news.example.org" },
      ]);
      const { funnel } = (
        await t.app.inject({ url: "/api/insight?days=30", headers: await t.staffHeaders("editor") })
      ).json();
      expect(funnel.opened).toBe(2);
      expect(funnel.bySource).toEqual(
        expect.arrayContaining([
          { source: "facebook", opened: 1, started: 0, paid: 0 },
          { source: "news.example.org", opened: 1, started: 0, paid: 0 },
        ]),
      );
    } finally {
      await t.close();
    }
  });
});

describe("a long user agent", () => {
  it("is kept to its start: two that differ only past it are one visitor on one row", async () => {
    const t = await createTestApp("sqlite", { config: { pageCacheSeconds: 10 }, beforeReady: publicPages });
    try {
      const padded = `${PHONE} ${"z".repeat(1_000)}`;
      for (const userAgent of [`${padded}1`, `${padded}2`])
        await t.app.inject({ url: "/about", headers: { accept: "text/html", "user-agent": userAgent } });
      await t.services.visits?.flush();
      const rows = await t.database.db.selectFrom("page_views").select(["device", "views"]).execute();
      expect(rows).toEqual([{ device: "mobile", views: 2 }]);
    } finally {
      await t.close();
    }
  });
});

describe("ANALYTICS=off", () => {
  it("counts nothing and keeps no source with a sign-up", async () => {
    const t = await createTestApp("sqlite", {
      config: { pageCacheSeconds: 10, analytics: false },
      beforeReady: publicPages,
    });
    try {
      const response = await t.app.inject({ url: "/about", headers: { accept: "text/html", "user-agent": PHONE } });
      expect(response.statusCode).toBe(200);
      expect(t.services.visits).toBeNull();
      expect(await t.database.db.selectFrom("page_views").select("id").execute()).toEqual([]);
      const signUp = await t.app.inject({
        method: "POST",
        url: "/api/subscribe",
        payload: { email: "reader@example.org", attribution: { source: "radio", campaign: "spring" } },
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const kept = await t.database.db
        .selectFrom("subscribers")
        .select(["utm_source", "utm_campaign"])
        .where("email", "=", "reader@example.org")
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ utm_source: null, utm_campaign: null });
    } finally {
      await t.close();
    }
  });
});
