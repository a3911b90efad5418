import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DONOR_LINK_LIFETIME_MS, DONOR_SESSION_LIFETIME_MS } from "../../core/giving/giving.service.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { type FakeStripe, startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SAME_ANSWER = {
  message: "If we have gifts from that address, we have sent it a sign-in link. It works once, within 15 minutes.",
};
const SITE = "http://localhost:3000";

/** What every test file here needs: an app with e-mail to a real SMTP sink, and a movable clock. */
function givingSite(dialect: (typeof DIALECTS)[number], config: Parameters<typeof createTestApp>[1] = {}) {
  const site = { now: new Date("2026-11-24T09:00:00Z") } as { t: TestApp; inbox: SmtpInbox; now: Date };
  beforeAll(async () => {
    site.inbox = await createSmtpInbox();
    await site.inbox.start();
    site.t = await createTestApp(dialect, {
      clock: () => site.now,
      ...config,
      config: {
        mail: { smtp: `smtp://127.0.0.1:${site.inbox.port}`, from: "Website <website@hopebehindbars.test>" },
        ...config.config,
      },
    });
  });
  afterAll(async () => {
    await site.t.close();
    await site.inbox.stop();
  });
  return site;
}

const cookieOf = (setCookie: string | string[] | undefined) => {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return /^hbb_giving=([^;]*)/.exec(header ?? "")?.[1] ?? "";
};

describe.each(DIALECTS)("My giving on %s (sandbox)", (dialect) => {
  const site = givingSite(dialect);
  const later = (ms: number) => {
    site.now = new Date(site.now.getTime() + ms);
  };
  afterEach(() => {
    site.inbox.messages.length = 0;
    later(DONOR_LINK_LIFETIME_MS + 1000); // each test starts with a fresh rate window
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = visitorIp()) =>
    site.t.app.inject({ method: "POST", url, payload, headers, remoteAddress: ip });
  const ask = (email: string, ip?: string) => post("/api/giving/link", { email }, {}, ip);

  /** A paid sandbox gift, as the pop-up and the test checkout make it. */
  async function give(email: string, amount: number, frequency: "one-time" | "monthly") {
    const { id } = await site.t.services.donations.createCheckout({ amount, frequency });
    await site.t.services.donations.completeSandboxCheckout(id, { email, name: "A donor" });
    const row = await site.t.database.db
      .selectFrom("donations")
      .selectAll()
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    await site.t.services.jobs.runDue(); // the receipt's e-mail
    site.inbox.messages.length = 0;
    return row.id;
  }

  /** Asks for a link and reads its token from the e-mail the SMTP sink received. */
  async function linkToken(email: string) {
    expect((await ask(email)).statusCode).toBe(202);
    await site.t.services.jobs.runDue();
    const link = linkIn(site.inbox.messages.at(-1) as string, `${SITE}/giving?token=`);
    return new URL(link).searchParams.get("token") as string;
  }

  async function signIn(email: string) {
    const response = await post("/api/giving/session", { token: await linkToken(email) });
    expect(response.statusCode).toBe(200);
    return { cookie: `hbb_giving=${cookieOf(response.headers["set-cookie"])}` };
  }

  const overview = (headers: Record<string, string>) =>
    site.t.app.inject({ method: "GET", url: "/api/giving", headers });
  const donation = (id: string) =>
    site.t.database.db.selectFrom("donations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("sends a single-use link to a donor, answers an unknown address the same, and shows only their gifts", async () => {
    await give("Selam@Example.org", 40, "one-time");
    await give("someone.else@example.org", 75, "one-time");
    const staff = await site.t.adminHeaders();
    await site.t.app.inject({
      method: "POST",
      url: "/api/offline-gifts",
      headers: staff,
      payload: {
        receivedOn: "2026-11-20",
        method: "bank-transfer",
        amount: "3110",
        currency: "etb",
        etbPerUsd: "155.5",
        fund: null,
        donorName: "Selam",
        donorEmail: "selam@example.org",
        reference: "FT1",
        note: null,
      },
    });
    await site.t.services.jobs.runDue();
    site.inbox.messages.length = 0;

    const unknown = await ask("nobody@example.org");
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(SAME_ANSWER);
    const known = await ask("  SELAM@example.org ");
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(SAME_ANSWER);
    await site.t.services.jobs.runDue();
    expect(site.inbox.messages).toHaveLength(1); // only the address with gifts got mail
    const mail = site.inbox.messages[0] as string;
    expect(mail).toContain("To: selam@example.org");
    const token = new URL(linkIn(mail, `${SITE}/giving?token=`)).searchParams.get("token") as string;

    const first = await post("/api/giving/session", { token });
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers["set-cookie"]);
    expect(setCookie).toMatch(/^hbb_giving=[\w-]{40,};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain(`Max-Age=${1800}`);
    // Single use: the same link again is refused.
    const again = await post("/api/giving/session", { token });
    expect(again.statusCode).toBe(410);

    const cookie = { cookie: `hbb_giving=${cookieOf(first.headers["set-cookie"])}` };
    const answer = await overview(cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const { email, gifts } = answer.json();
    expect(email).toBe("selam@example.org");
    // Newest first; each in its own currency.
    expect(gifts).toMatchObject([
      { kind: "card", frequency: "one-time", amountMinor: 4000, currency: "usd", receipts: [{ voided: false }] },
      { kind: "offline", amountMinor: 311000, currency: "etb", date: "2026-11-20", receipts: [{ voided: false }] },
    ]);
    expect(JSON.stringify(gifts)).not.toContain("7500");

    // A receipt downloads for its donor only.
    const own = gifts[0].receipts[0].id as string;
    const pdf = await site.t.app.inject({ method: "GET", url: `/api/giving/receipts/${own}/pdf`, headers: cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const other = await site.t.database.db
      .selectFrom("receipts")
      .select("id")
      .where("donor_email", "=", "someone.else@example.org")
      .executeTakeFirstOrThrow();
    const refused = await site.t.app.inject({
      method: "GET",
      url: `/api/giving/receipts/${other.id}/pdf`,
      headers: cookie,
    });
    expect(refused.statusCode).toBe(404);

    // No account and no password anywhere; staff sign-in knows nothing of the donor.
    expect(await site.t.database.db.selectFrom("admin_users").select("email").execute()).not.toContainEqual({
      email: "selam@example.org",
    });
    const asStaff = await site.t.app.inject({ method: "GET", url: "/api/donations", headers: cookie });
    expect(asStaff.statusCode).toBe(401);
    expect((await overview({})).statusCode).toBe(401);

    const out = await post("/api/giving/sign-out", {}, cookie);
    expect(out.statusCode).toBe(200);
    expect((await overview(cookie)).statusCode).toBe(401);
  });

  it("refuses a link after 15 minutes and ends a session after 30", async () => {
    await give("hanna@example.org", 20, "one-time");
    const stale = await linkToken("hanna@example.org");
    later(DONOR_LINK_LIFETIME_MS + 1);
    expect((await post("/api/giving/session", { token: stale })).statusCode).toBe(410);

    const cookie = await signIn("hanna@example.org");
    later(DONOR_SESSION_LIFETIME_MS - 1000);
    expect((await overview(cookie)).statusCode).toBe(200);
    later(2000);
    expect((await overview(cookie)).statusCode).toBe(401);
  });

  it("limits links per asker and per address, with the same answer", async () => {
    await give("yonas@example.org", 20, "one-time");
    const ip = visitorIp();
    for (let i = 0; i < 5; i++) expect((await ask(`stranger${i}@example.org`, ip)).statusCode).toBe(202);
    expect((await ask("yonas@example.org", ip)).statusCode).toBe(429);
    // From many places, one address still gets three links per 15 minutes.
    for (let i = 0; i < 5; i++) expect((await ask("yonas@example.org")).json()).toEqual(SAME_ANSWER);
    await site.t.services.jobs.runDue();
    expect(site.inbox.messages).toHaveLength(3);
  });

  it("works as plain HTML forms without JavaScript: each post answers with a redirect to /giving", async () => {
    await give("almaz@example.org", 20, "one-time");
    const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      site.t.app.inject({
        method: "POST",
        url,
        payload: new URLSearchParams(body).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        remoteAddress: visitorIp(),
      });
    const sent = await form("/api/giving/link", { email: "almaz@example.org" });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/giving?sent=1");
    expect((await form("/api/giving/link", { email: "not an address" })).headers.location).toBe("/giving?error=email");
    await site.t.services.jobs.runDue();
    const token = new URL(linkIn(site.inbox.messages.at(-1) as string, `${SITE}/giving?token=`)).searchParams.get(
      "token",
    ) as string;
    const signedIn = await form("/api/giving/session", { token });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe("/giving");
    expect(cookieOf(signedIn.headers["set-cookie"])).not.toBe("");
    expect((await form("/api/giving/session", { token })).headers.location).toBe("/giving?error=link");

    // From the Amharic page, the answers lead back to it, and so does the e-mailed link.
    site.inbox.messages.length = 0;
    const amharic = await form("/api/giving/link", { email: "almaz@example.org", lang: "am" });
    expect(amharic.headers.location).toBe("/am/giving?sent=1");
    await site.t.services.jobs.runDue();
    expect(linkIn(site.inbox.messages.at(-1) as string, `${SITE}/am/giving?token=`)).toMatch(/\?token=[\w-]{40,}$/);
  });

  it("writes the sign-in e-mail in the language of the page it was asked from: subject, text and HTML", async () => {
    await give("selam@example.org", 15, "one-time");
    const mailFrom = async (payload: object) => {
      site.inbox.messages.length = 0;
      expect((await post("/api/giving/link", payload)).statusCode).toBe(202);
      await site.t.services.jobs.runDue();
      expect(site.inbox.messages).toHaveLength(1);
      return readMail(site.inbox.messages[0] as string);
    };

    const amharic = await mailFrom({ email: "selam@example.org", lang: "am" });
    expect(amharic.subject).toBe("ወደ Hope Behind Bars «የእኔ ልገሳዎች» የመግቢያ አገናኝዎ");
    expect(amharic.text).toContain("ወደ «የእኔ ልገሳዎች» ይግቡ");
    expect(amharic.text).toContain("አገናኙ የሚሠራው አንድ ጊዜ ብቻ፣ በ15 ደቂቃ ውስጥ ነው።");
    expect(amharic.text).toMatch(/«የእኔ ልገሳዎች»ን ክፈት: http:\/\/localhost:3000\/am\/giving\?token=[\w-]{40,}/);
    expect(amharic.html).toMatch(/<html[^>]* lang="am"/);
    expect(amharic.html).toContain("ልገሳዎችዎን ለማየት፣ ደረሰኞችን ለማውረድ");
    expect(amharic.html).toContain(`href="${SITE}/am/giving?token=`);
    for (const part of [amharic.subject, amharic.text, amharic.html]) {
      expect(part).not.toMatch(/sign-in link|My giving|Follow the link|ignore this e-mail/);
    }

    // From the English page (or with no language), the e-mail is the English one it always was.
    for (const payload of [{ email: "selam@example.org" }, { email: "selam@example.org", lang: "en" }]) {
      later(DONOR_LINK_LIFETIME_MS + 1000);
      const english = await mailFrom(payload);
      expect(english.subject).toBe("Your sign-in link to My giving at Hope Behind Bars");
      expect(english.text).toContain(
        "Follow the link to see your gifts, download receipts, and change or stop a monthly gift.",
      );
      expect(english.text).toMatch(/Open My giving: http:\/\/localhost:3000\/giving\?token=/);
      expect(english.html).toMatch(/<html[^>]* lang="en"/);
      expect(english.html).not.toMatch(/\p{Script=Ethiopic}/u);
    }
  });

  it("stops a monthly sandbox gift only when the sandbox's event arrives, and audits the request", async () => {
    const id = await give("tigist@example.org", 30, "monthly");
    const cookie = await signIn("tigist@example.org");
    const before = (await overview(cookie)).json().gifts[0];
    expect(before).toMatchObject({ frequency: "monthly", status: "paid", changeable: true, nextDate: "2026-12-24" });

    // Someone else's session cannot touch it.
    await give("intruder@example.org", 5, "one-time");
    const intruder = await signIn("intruder@example.org");
    expect((await post(`/api/giving/gifts/${id}/stop`, {}, intruder)).statusCode).toBe(404);

    const stop = await post(`/api/giving/gifts/${id}/stop`, {}, cookie);
    expect(stop.statusCode).toBe(202);
    // The page alone changes nothing in the ledger…
    expect(await donation(id)).toMatchObject({ status: "paid", ended_at: null });
    expect((await overview(cookie)).json().gifts[0].status).toBe("paid");
    const audit = await site.t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "donation")
      .where("entity_id", "=", id)
      .execute();
    expect(audit).toMatchObject([{ actor_id: null, actor_email: "tigist@example.org", action: "status" }]);
    // …the provider's event does.
    await site.t.services.jobs.runDue();
    expect(await donation(id)).toMatchObject({ status: "canceled" });
    expect((await overview(cookie)).json().gifts[0]).toMatchObject({ status: "canceled", changeable: false });
    expect((await post(`/api/giving/gifts/${id}/stop`, {}, cookie)).statusCode).toBe(409);
  });

  it("changes a monthly sandbox gift's amount when the event arrives; refuses a bad amount", async () => {
    const id = await give("kebede@example.org", 30, "monthly");
    const cookie = await signIn("kebede@example.org");
    expect((await post(`/api/giving/gifts/${id}/amount`, { amount: "0" }, cookie)).statusCode).toBe(400);
    expect((await post(`/api/giving/gifts/${id}/amount`, { amount: "45.50" }, cookie)).statusCode).toBe(202);
    expect((await donation(id)).amount_cents).toBe(3000);
    await site.t.services.jobs.runDue();
    expect(await donation(id)).toMatchObject({ amount_cents: 4550, status: "paid" });
  });
});

const WEBHOOK_SECRET = "whsec_test_my_giving";
const signer = new Stripe("sk_test_signer").webhooks;

describe.each(DIALECTS)("My giving with Stripe on %s", (dialect) => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  const site = givingSite(dialect, {
    config: {
      publicSiteUrl: SITE,
      get stripe() {
        return { secretKey: "sk_test_hbb", webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url };
      },
    },
  });
  let events = 0;
  const deliver = (type: string, object: Record<string, unknown>, created = Math.floor(site.now.getTime() / 1000)) => {
    const event = { id: `evt_giving_${++events}`, object: "event", type, created, data: { object } };
    const payload = JSON.stringify(event);
    const signature = signer.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(site.now.getTime() / 1000),
    });
    return site.t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  };

  it("stops and changes a monthly gift through Stripe's subscription API; the webhooks change the ledger", async () => {
    fake.respond((request) => {
      if (request.path === "/v1/checkout/sessions") {
        return { body: { id: "cs_giving", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/x" } };
      }
      if (request.path === "/v1/subscriptions/sub_giving" && request.method === "GET") {
        return {
          body: {
            id: "sub_giving",
            object: "subscription",
            items: { object: "list", data: [{ id: "si_1", price: { id: "price_1", product: "prod_1" } }] },
          },
        };
      }
      if (request.path === "/v1/subscriptions/sub_giving")
        return { body: { id: "sub_giving", object: "subscription" } };
      return { status: 404, body: { error: { message: "unknown" } } };
    });
    const { id: sessionId } = await site.t.services.donations.createCheckout({ amount: 25, frequency: "monthly" });
    const { id } = await site.t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const completed = await deliver("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      amount_total: 2500,
      currency: "usd",
      client_reference_id: id,
      metadata: { donation_id: id },
      customer: "cus_giving",
      customer_details: { email: "ruth@example.org", name: "Ruth" },
      payment_intent: null,
      invoice: "in_giving_1",
      subscription: "sub_giving",
    });
    expect(completed.statusCode).toBe(200);
    await site.t.services.jobs.runDue();

    expect(
      (await site.t.app.inject({ method: "POST", url: "/api/giving/link", payload: { email: "ruth@example.org" } }))
        .statusCode,
    ).toBe(202);
    await site.t.services.jobs.runDue();
    const token = new URL(linkIn(site.inbox.messages.at(-1) as string, `${SITE}/giving?token=`)).searchParams.get(
      "token",
    );
    const session = await site.t.app.inject({ method: "POST", url: "/api/giving/session", payload: { token } });
    const cookie = { cookie: `hbb_giving=${cookieOf(session.headers["set-cookie"])}` };
    const row = () =>
      site.t.database.db.selectFrom("donations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    // Change the amount: Stripe is asked to bill 40 dollars from the next month on, without proration.
    fake.requests.length = 0;
    const change = await site.t.app.inject({
      method: "POST",
      url: `/api/giving/gifts/${id}/amount`,
      payload: { amount: "40" },
      headers: cookie,
    });
    expect(change.statusCode).toBe(202);
    const update = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions/sub_giving");
    expect(update?.form).toMatchObject({
      "items[0][id]": "si_1",
      "items[0][price_data][unit_amount]": "4000",
      "items[0][price_data][currency]": "usd",
      "items[0][price_data][product]": "prod_1",
      "items[0][price_data][recurring][interval]": "month",
      proration_behavior: "none",
    });
    expect((await row()).amount_cents).toBe(2500);
    const updated = (amount: number) => ({
      id: "sub_giving",
      object: "subscription",
      status: "active",
      metadata: { donation_id: id },
      items: { object: "list", data: [{ id: "si_1", quantity: 1, price: { unit_amount: amount, currency: "usd" } }] },
    });
    const at = Math.floor(site.now.getTime() / 1000);
    expect((await deliver("customer.subscription.updated", updated(4000), at)).statusCode).toBe(200);
    expect((await row()).amount_cents).toBe(4000);
    // An older change arriving late does not undo the newer one.
    await deliver("customer.subscription.updated", updated(3500), at - 60);
    expect((await row()).amount_cents).toBe(4000);

    // Stop: Stripe is asked to cancel; the ledger waits for customer.subscription.deleted.
    fake.requests.length = 0;
    const stop = await site.t.app.inject({ method: "POST", url: `/api/giving/gifts/${id}/stop`, headers: cookie });
    expect(stop.statusCode).toBe(202);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v1/subscriptions/sub_giving"]);
    expect((await row()).status).toBe("paid");
    await site.t.services.jobs.runDue();
    expect((await row()).status).toBe("paid");
    await deliver("customer.subscription.deleted", {
      id: "sub_giving",
      object: "subscription",
      status: "canceled",
      metadata: { donation_id: id },
    });
    expect((await row()).status).toBe("canceled");
  });
});
