import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SUBJECT = "We miss you at Hope Behind Bars";

const gift = (donorEmail: string, receivedOn: string) => ({
  receivedOn,
  method: "bank-transfer",
  amount: "50",
  currency: "usd",
  fund: "eccd-package",
  donorEmail,
});

const recipientOf = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1]?.trim();

/**
 * A newsletter sent to the donors who lapsed in a year (docs/decisions/0792), end to end: from the
 * gifts and sign-ups made through the API to the messages the SMTP server received. Exactly the
 * confirmed subscribers who gave the year before and not in it get one; nobody else gets any.
 */
describe.each(DIALECTS)("sending a newsletter to lapsed donors on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let headers: { authorization: string };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => new Date("2026-11-28T09:00:00Z"),
      config: {
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "News <news@hopebehindbars.test>" },
        newsletterRate: 1000,
      },
    });
    headers = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const call = async (method: "GET" | "POST", url: string, payload?: object) =>
    payload === undefined
      ? await t.app.inject({ method, url, headers })
      : await t.app.inject({ method, url, headers, payload });

  /** Subscribes an address as a visitor would; `confirm`: and opens the link the e-mail brought. */
  async function subscribe(email: string, { confirm }: { confirm: boolean }) {
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/subscribe",
      payload: { email },
      remoteAddress: visitorIp(),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    if (!confirm) return;
    await t.services.jobs.runDue();
    const mail = inbox.messages.findLast(
      (raw) => recipientOf(raw) === email && readMail(raw).subject.startsWith("Confirm your subscription"),
    ) as string;
    const token = linkIn(mail, `${t.config.publicSiteUrl}/newsletter/confirm#`).split("#")[1] as string;
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/subscribe/confirm",
      payload: { token },
      remoteAddress: visitorIp(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it("reaches exactly the confirmed subscribers who lapsed in the year", async () => {
    // Lapsed in 2025 (gave in 2024, not in 2025): Hirut and Mulu (subscribed), Dawit (never subscribed),
    // Pending (never confirmed), Left (unsubscribed). Sara gave again in 2025; Reader never gave.
    for (const [email, day] of [
      ["hirut@example.org", "2024-03-01"],
      ["Mulu@Example.org", "2024-12-30"],
      ["dawit@example.org", "2024-05-01"],
      ["pending@example.org", "2024-07-01"],
      ["left@example.org", "2024-08-01"],
      ["sara@example.org", "2024-06-01"],
      ["sara@example.org", "2025-02-01"],
      ["early@example.org", "2023-04-01"],
    ] as const) {
      expect((await call("POST", "/api/offline-gifts", gift(email, day))).statusCode).toBe(201);
    }
    await subscribe("hirut@example.org", { confirm: true });
    await subscribe("mulu@example.org", { confirm: true });
    await subscribe("pending@example.org", { confirm: false });
    await subscribe("left@example.org", { confirm: true });
    await subscribe("sara@example.org", { confirm: true });
    await subscribe("reader@example.org", { confirm: true });
    await subscribe("early@example.org", { confirm: true });
    const left = await t.database.db
      .selectFrom("subscribers")
      .select("id")
      .where("email", "=", "left@example.org")
      .executeTakeFirstOrThrow();
    const token = t.services.subscribers.unsubscribeToken(left.id);
    const unsubscribed = await t.app.inject({
      method: "POST",
      url: `/api/subscribe/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(unsubscribed.statusCode).toBe(200);

    const created = await call("POST", "/api/newsletters", { subject: SUBJECT, content: "<p>News from 2026</p>" });
    const id = created.json()._id as string;
    expect((await call("GET", `/api/newsletters/${id}/audience?lapsedYear=2025`)).json()).toEqual({
      subject: SUBJECT,
      recipients: 2,
      lapsedYear: 2025,
    });
    const sent = await call("POST", `/api/newsletters/${id}/send`, { lapsedYear: 2025 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 2 });
    await t.services.jobs.runDue();

    const received = inbox.messages.filter((raw) => readMail(raw).subject === SUBJECT);
    expect(received.map(recipientOf).sort()).toEqual(["hirut@example.org", "mulu@example.org"]);
    for (const raw of received) expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect((await call("GET", `/api/newsletters/${id}`)).json()).toMatchObject({
      state: "sent",
      progress: { sent: 2, failed: 0, remaining: 0 },
    });
  });
});
