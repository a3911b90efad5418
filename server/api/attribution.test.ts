import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { chapaSignature, type FakeChapa, startFakeChapa } from "../../tests/support/fake-chapa.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const WEBHOOK_SECRET = "chapa-webhook-secret-attribution";
const SITE = "https://hopebehindbars.example";
const FROM_POSTER = {
  source: "poster",
  medium: "offline",
  campaign: "year-end-appeal",
  content: "",
  referrer: "",
};

/**
 * The first landing's source travels in the forms' optional `attribution` into the gift, sign-up
 * or application, the checkout's metadata, and a campaign's results (docs/decisions/0800-attribution.md,
 * docs/decisions/0801-campaign-results.md).
 */
describe.each(DIALECTS)("attribution and campaign results on %s", (dialect) => {
  let t: TestApp;
  let chapa: FakeChapa;
  let staff: { authorization: string };
  let visitor = 0;
  // 10:00 in Addis Ababa on the campaign's second day.
  const now = new Date("2026-11-28T07:00:00Z");

  beforeAll(async () => {
    chapa = await startFakeChapa();
    t = await createTestApp(dialect, {
      clock: () => now,
      config: {
        publicSiteUrl: SITE,
        // The sandbox's card gifts are test gifts here: they keep their source and count nowhere.
        sandboxGiftsAreTest: true,
        chapa: { secretKey: "CHASECK_TEST-fake0key", webhookSecret: WEBHOOK_SECRET, apiUrl: chapa.url },
      },
    });
    staff = await t.adminHeaders();
    for (const [method, url, payload] of [
      [
        "PUT",
        "/api/site-content/donating",
        { revision: 0, content: { ...DEFAULT_SITE_CONTENT.donating, etbPerUsd: "155.5" } },
      ],
      ["POST", "/api/site-content/donating/publish", { revision: 1 }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: staff, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await chapa.close();
  });

  const post = async (url: string, payload: Record<string, unknown>, status = 200, headers = {}) => {
    const response = await t.app.inject({
      method: "POST",
      url,
      payload,
      headers,
      remoteAddress: `10.52.${dialect.length}.${++visitor}`,
    });
    expect(response.statusCode, response.body).toBe(status);
    return response;
  };
  const attributionOf = (
    table: "donations" | "subscribers" | "volunteer_applications",
    column: string,
    value: string,
  ) =>
    t.database.db
      .selectFrom(table)
      .select(["utm_source", "utm_medium", "utm_campaign", "utm_content", "referrer_host", "landing_path"])
      .where(column as "id", "=", value)
      .executeTakeFirstOrThrow();

  let campaignId = "";

  it("keeps a card gift's source on the gift; a gift without one, or with a malformed one, is given as before", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: staff,
      payload: { name: "Year-end appeal", startsOn: "2026-11-27", endsOn: "2026-12-31", goal: "100" },
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().id;
    expect(created.json().slug).toBe("year-end-appeal");

    const card = await post("/api/payments/create-checkout-session", {
      amount: 25,
      frequency: "one-time",
      attribution: { ...FROM_POSTER, source: " Poster " },
    });
    await t.services.donations.completeSandboxCheckout(card.json().id, { email: "card@example.org", name: "Card" });
    expect(await attributionOf("donations", "checkout_session_id", card.json().id)).toEqual({
      utm_source: "poster",
      utm_medium: "offline",
      utm_campaign: "year-end-appeal",
      utm_content: null,
      referrer_host: null,
      landing_path: null,
    });

    for (const attribution of [undefined, "poster", { source: 5 }]) {
      const plain = await post("/api/payments/create-checkout-session", {
        amount: 5,
        frequency: "monthly",
        attribution,
      });
      expect(await attributionOf("donations", "checkout_session_id", plain.json().id)).toEqual({
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
        referrer_host: null,
        landing_path: null,
      });
    }
  });

  it("carries a birr gift's source into Chapa's metadata and onto the gift", async () => {
    const birr = await post("/api/payments/create-checkout-session", {
      currency: "ETB",
      amount: 1555,
      attribution: FROM_POSTER,
    });
    const id = birr.json().id as string;
    const initialize = chapa.requests.find((r) => r.path === "/v1/transaction/initialize" && r.json?.tx_ref === id);
    expect(initialize?.json?.meta).toEqual({
      donation_id: id.replace(/^hbb-/, ""),
      fund: null,
      utm_source: "poster",
      utm_medium: "offline",
      utm_campaign: "year-end-appeal",
    });
    chapa.settle(id, { status: "success", method: "telebirr" });
    const body = JSON.stringify({
      event: "charge.success",
      currency: "ETB",
      amount: "1555.00",
      status: "success",
      tx_ref: id,
    });
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/payments/chapa/webhook",
      headers: { "content-type": "application/json", "chapa-signature": chapaSignature(body, WEBHOOK_SECRET) },
      payload: body,
    });
    expect(paid.json()).toEqual({ received: true, outcome: "paid" });
    expect((await attributionOf("donations", "checkout_session_id", id)).utm_campaign).toBe("year-end-appeal");
  });

  it("keeps the source of a newsletter sign-up and a volunteer application", async () => {
    await post(
      "/api/subscribe",
      {
        email: "reader@example.org",
        attribution: { source: "newsletter", medium: "email", campaign: "newsletter-spring-news", referrer: "" },
      },
      201,
    );
    await post("/api/subscribe", { email: "poster-reader@example.org", attribution: FROM_POSTER }, 201);
    expect(await attributionOf("subscribers", "email", "reader@example.org")).toMatchObject({
      utm_source: "newsletter",
      utm_campaign: "newsletter-spring-news",
    });
    await post(
      "/api/volunteer",
      {
        fullName: "Hana Tesfaye",
        email: "hana@example.org",
        phone: "+251 911 234 567",
        age: 29,
        interest: "Event Support",
        availability: "Weekends",
        motivation: "I want to help mothers stay close to their children.",
        attribution: { referrer: "Facebook.com" },
      },
      201,
    );
    expect(await attributionOf("volunteer_applications", "email", "hana@example.org")).toEqual({
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      referrer_host: "facebook.com",
      landing_path: null,
    });
  });

  it("keeps no source for a browser that asks not to be tracked", async () => {
    for (const [email, headers] of [
      ["gpc@example.org", { "sec-gpc": "1" }],
      ["dnt@example.org", { dnt: "1" }],
    ] as const)
      await post("/api/subscribe", { email, attribution: { ...FROM_POSTER, landing: "/blog" } }, 201, headers);
    for (const email of ["gpc@example.org", "dnt@example.org"])
      expect(await attributionOf("subscribers", "email", email)).toEqual({
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
        referrer_host: null,
        landing_path: null,
      });
  });

  it("shows a campaign's visits, sign-ups, gifts and money per day against its goal, test gifts left out", async () => {
    const response = await t.app.inject({ url: `/api/campaigns/${campaignId}`, headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    const { days, results } = response.json();
    expect(days.map((day: { day: string }) => day.day)).toEqual(["2026-11-27", "2026-11-28"]);
    expect(days[1]).toMatchObject({ signUps: 1, gifts: 1, raised: { etb: 155500 }, raisedUsdCents: 1000 });
    expect(days[0]).toMatchObject({ signUps: 0, gifts: 0, raised: {}, raisedUsdCents: 0 });
    expect(results).toMatchObject({
      signUps: 1,
      gifts: 1,
      raised: { etb: 155500 },
      raisedUsdCents: 1000,
      goalPercent: 10,
    });

    const csv = await t.app.inject({ url: `/api/campaigns/${campaignId}/export.csv`, headers: staff });
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean),
    ).toEqual([
      "Day,Visitors,Page views,Sign-ups,Gifts,Raised (USD),Raised (ETB),Raised in USD",
      "2026-11-27,0,0,0,0,0.00,0.00,0.00",
      "2026-11-28,0,0,1,1,0.00,1555.00,10.00",
    ]);
  });

  it("counts the funnel per source and method from the sources the gifts keep", async () => {
    const response = await t.app.inject({ url: "/api/insight?days=30", headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    const { funnel } = response.json();
    // The sandbox's card gifts are test gifts here: they count in no figure, the funnel included.
    expect(funnel.bySourceMethod).toEqual([{ source: "poster", method: "birr", started: 1, paid: 1 }]);
    expect(funnel.bySource).toEqual([{ source: "poster", opened: 0, started: 1, paid: 1 }]);
  });

  it("shows what each campaign tag brought in Insight, a newsletter's too, and exports it", async () => {
    const { campaigns } = (await t.app.inject({ url: "/api/insight?days=30", headers: staff })).json();
    expect(campaigns).toEqual(
      expect.arrayContaining([
        { value: "year-end-appeal", views: 0, visitors: 0, signUps: 1, gifts: 1, raisedUsdCents: 1000 },
        { value: "newsletter-spring-news", views: 0, visitors: 0, signUps: 1, gifts: 0, raisedUsdCents: 0 },
      ]),
    );
    const csv = await t.app.inject({ url: "/api/insight/export.csv?days=30&table=campaigns", headers: staff });
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Campaign,Page views,Visitors,Sign-ups,Gifts,Raised in USD");
    expect(lines).toContain("year-end-appeal,0,0,1,1,10.00");
  });
  it("keeps a transfer notice's source and counts the transfer in the campaign once staff confirm it", async () => {
    const notice = (bankReference: string, attribution?: unknown) =>
      post(
        "/api/pledges",
        {
          name: "Tigist Bekele",
          email: "tigist@example.org",
          amount: "30",
          currency: "usd",
          transferredOn: "2026-11-27",
          bankReference,
          ...(attribution === undefined ? {} : { attribution }),
        },
        201,
      );
    await notice("CBE-FROM-POSTER", FROM_POSTER);
    await notice("CBE-DIRECT");
    await notice("CBE-NOT-YET", FROM_POSTER);
    const kept = (reference: string) =>
      t.database.db
        .selectFrom("gift_pledges")
        .select(["id", "utm_source", "utm_medium", "utm_campaign", "utm_content", "referrer_host", "landing_path"])
        .where("bank_reference", "=", reference)
        .executeTakeFirstOrThrow();
    expect(await kept("CBE-FROM-POSTER")).toMatchObject({
      utm_source: "poster",
      utm_medium: "offline",
      utm_campaign: "year-end-appeal",
      utm_content: null,
      referrer_host: null,
      landing_path: null,
    });
    expect(await kept("CBE-DIRECT")).toMatchObject({ utm_source: null, utm_campaign: null, referrer_host: null });

    const resultsNow = async () =>
      (await t.app.inject({ url: `/api/campaigns/${campaignId}`, headers: staff })).json() as {
        days: Array<{ day: string; gifts: number; raised: Record<string, number>; raisedUsdCents: number }>;
        results: { gifts: number; raised: Record<string, number>; raisedUsdCents: number; goalPercent: number };
      };
    // A notice is a donor's word: only the confirmed transfer is a gift.
    expect((await resultsNow()).results.gifts).toBe(1);
    for (const reference of ["CBE-FROM-POSTER", "CBE-DIRECT"]) {
      const confirmed = await t.app.inject({
        method: "POST",
        url: `/api/pledges/${(await kept(reference)).id}/confirm`,
        headers: staff,
        payload: { receivedOn: "2026-11-27" },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    const { days, results } = await resultsNow();
    expect(days[0]).toMatchObject({ day: "2026-11-27", gifts: 1, raised: { usd: 3000 }, raisedUsdCents: 3000 });
    expect(results).toMatchObject({
      gifts: 2,
      raised: { etb: 155500, usd: 3000 },
      raisedUsdCents: 4000,
      goalPercent: 40,
    });
  });
});
