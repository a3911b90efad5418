import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("newsletter consent on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let headers: { authorization: string };
  let now = new Date("2026-11-23T09:00:00Z");
  const clock = () => now;

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock,
      config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "News <news@hopebehindbars.test>" } },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });
  beforeEach(async () => {
    inbox.messages.length = 0;
    headers = await t.adminHeaders(); // the clock moves on, and sessions end
  });

  const subscribe = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/subscribe", payload: { email }, remoteAddress: visitorIp() });
  const confirm = (token: string) =>
    t.app.inject({ method: "POST", url: "/api/subscribe/confirm", payload: { token }, remoteAddress: visitorIp() });
  const statusOf = async (email: string) =>
    (await t.services.subscribers.list()).find((s) => s.email === email)?.status;
  /** Delivers the queued e-mails and returns the confirmation token of the newest. */
  async function confirmationToken(): Promise<string> {
    await t.services.jobs.runDue();
    const mail = inbox.messages.at(-1) as string;
    return linkIn(mail, `${t.config.publicSiteUrl}/newsletter/confirm#`).split("#")[1] as string;
  }

  it("keeps a new address pending until its link is opened, once", async () => {
    expect((await subscribe("reader@example.org")).statusCode).toBe(201);
    expect(await statusOf("reader@example.org")).toBe("pending");
    const token = await confirmationToken();
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toContain("Subject: Confirm your subscription to the Hope Behind Bars newsletter");
    expect(inbox.messages[0]).toContain("To: reader@example.org");
    expect(inbox.messages[0]).toContain("Content-Type: text/html");
    expect(inbox.messages[0]).toContain("Content-Type: text/plain");

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: "reader@example.org" });
    expect(await statusOf("reader@example.org")).toBe("confirmed");

    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      "This confirmation link has expired or was already used. Subscribe again to get a new one.",
    );
    // A confirmed address subscribing again hears the spec's message.
    expect((await subscribe("reader@example.org")).json().message).toBe(
      "This email is already subscribed. Thank you for your support!",
    );
  });

  it("writes the e-mail and its link in the language of the page that asked (?lang=am), and confirms the same way", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/subscribe?lang=am",
      payload: { email: "anbabi@example.org" },
      remoteAddress: visitorIp(),
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({ message: "Subscribed" }); // the spec's answer, whatever the language
    await t.services.jobs.runDue();
    const mail = readMail(inbox.messages.at(-1) as string);
    expect(mail.subject).toBe("የHope Behind Bars ጋዜጣ ምዝገባዎን ያረጋግጡ");
    expect(mail.text).toContain("አዎ፣ አስመዝግቡኝ");
    expect(mail.html).toContain('lang="am"');
    const token = linkIn(inbox.messages.at(-1) as string, `${t.config.publicSiteUrl}/am/newsletter/confirm#`).split(
      "#",
    )[1];
    expect((await confirm(token as string)).statusCode).toBe(200);
    expect(await statusOf("anbabi@example.org")).toBe("confirmed");
  });

  it("refuses a tampered or expired link, and removes addresses that never confirmed", async () => {
    await subscribe("late@example.org");
    const token = await confirmationToken();
    expect((await confirm(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).statusCode).toBe(410);
    expect((await confirm("")).statusCode).toBe(400);
    now = new Date(now.getTime() + 8 * DAY);
    expect((await confirm(token)).statusCode).toBe(410);
    expect(await statusOf("late@example.org")).toBe("pending");
    await t.services.links.housekeepingJob.handle();
    expect(await statusOf("late@example.org")).toBeUndefined();
  });

  it("sends one confirmation however often Subscribe is clicked within ten minutes", async () => {
    await subscribe("eager@example.org");
    await subscribe("eager@example.org");
    await t.services.jobs.runDue();
    expect(inbox.messages).toHaveLength(1);
    now = new Date(now.getTime() + 11 * 60_000);
    const token = (await subscribe("eager@example.org")).statusCode === 201 ? await confirmationToken() : "";
    expect(inbox.messages).toHaveLength(2);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it("unsubscribes with RFC 8058's one-click POST, without a session, and can subscribe again", async () => {
    await subscribe("leaving@example.org");
    await confirm(await confirmationToken());
    const [subscriber] = await t.services.subscribers.list("confirmed");
    const id = (await t.services.subscribers.list()).find((s) => s.email === "leaving@example.org")?._id as string;
    expect(subscriber).toBeDefined();
    const token = t.services.subscribers.unsubscribeToken(id);
    const oneClick = t.services.subscribers.links.oneClick(token);
    expect(oneClick.startsWith(`${t.config.publicSiteUrl}/api/subscribe/unsubscribe?token=`)).toBe(true);
    const url = oneClick.slice(t.config.publicSiteUrl.length);

    const tampered = await t.app.inject({ method: "POST", url: url.replace(/.(?=$)/, (c) => (c === "A" ? "B" : "A")) });
    expect(tampered.statusCode).toBe(410);
    expect(await statusOf("leaving@example.org")).toBe("confirmed");

    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: visitorIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(await statusOf("leaving@example.org")).toBe("unsubscribed");
    // Twice is fine (mail clients retry), and a multipart body too.
    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const multipart = new Request("http://x", { method: "POST", body: form });
    const again = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": multipart.headers.get("content-type") as string },
      payload: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(again.statusCode).toBe(200);

    // The page's "Subscribe again": the signed link proves the address, no new e-mail needed.
    const back = await t.app.inject({
      method: "POST",
      url: `/api/subscribe/resubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(back.json()).toEqual({ email: "leaving@example.org" });
    expect(await statusOf("leaving@example.org")).toBe("confirmed");
  });

  it("an unsubscribed address that uses the form again is pending until it confirms", async () => {
    await subscribe("returning@example.org");
    await confirm(await confirmationToken());
    const id = (await t.services.subscribers.list()).find((s) => s.email === "returning@example.org")?._id as string;
    await t.app.inject({
      method: "POST",
      url: `/api/subscribe/unsubscribe?token=${t.services.subscribers.unsubscribeToken(id)}`,
    });
    expect((await subscribe("returning@example.org")).statusCode).toBe(201);
    expect(await statusOf("returning@example.org")).toBe("pending");
    expect((await confirm(await confirmationToken())).statusCode).toBe(200);
    expect(await statusOf("returning@example.org")).toBe("confirmed");
  });

  it("imports a CSV: confirmed where it says so, pending with a confirmation otherwise, never reviving an unsubscribed address", async () => {
    await subscribe("gone@example.org");
    await confirm(await confirmationToken());
    const gone = (await t.services.subscribers.list()).find((s) => s.email === "gone@example.org")?._id as string;
    await t.app.inject({
      method: "POST",
      url: `/api/subscribe/unsubscribe?token=${t.services.subscribers.unsubscribeToken(gone)}`,
    });
    inbox.messages.length = 0;

    const csv = [
      "Email,Consent,Subscribed at",
      "kept@example.org,yes,2025-03-01",
      "asked@example.org,no,",
      "GONE@example.org,yes,",
      "not-an-address,yes,",
      "kept@example.org,yes,",
    ].join("\n");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/subscribe/import",
      headers,
      payload: { csv, source: "Spring fair sign-up sheet" },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json<{ id: string }>();
    await t.services.jobs.runDue();
    const status = await t.app.inject({ url: `/api/subscribe/import/${id}`, headers });
    expect(status.json()).toEqual({
      id,
      status: "done",
      rowsRead: 5,
      percent: 100,
      added: 2,
      confirmed: 1,
      pending: 1,
      alreadyKnown: 1,
      invalid: { count: 1, shown: [{ line: 5, value: "not-an-address", message: "Invalid email address" }] },
    });
    const all = (await t.app.inject({ url: "/api/subscribe", headers })).json<Array<Record<string, string>>>();
    expect(all.find((s) => s.email === "kept@example.org")).toMatchObject({
      status: "confirmed",
      source: "Import: Spring fair sign-up sheet",
      createdAt: "2025-03-01T00:00:00.000Z",
    });
    expect(await statusOf("asked@example.org")).toBe("pending");
    expect(await statusOf("gone@example.org")).toBe("unsubscribed");
    expect(inbox.messages.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim())).toEqual(["asked@example.org"]);

    const noEmail = await t.app.inject({
      method: "POST",
      url: "/api/subscribe/import",
      headers,
      payload: { csv: "Name\nSelam", source: "x" },
    });
    expect(noEmail.statusCode).toBe(400);
    const activity = await t.database.db.selectFrom("audit_log").selectAll().where("action", "=", "import").execute();
    expect(activity).toHaveLength(1);
  });

  it("tells staff whether addresses wait for confirmation, and lets only staff import", async () => {
    expect((await t.app.inject({ url: "/api/subscribe/consent", headers })).json()).toEqual({ doubleOptIn: true });
    const editor = await t.staffHeaders("editor");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/subscribe/import", headers: editor, payload: {} })).statusCode,
    ).toBe(403);
  });
});
