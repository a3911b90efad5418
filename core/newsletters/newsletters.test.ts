import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const CONFIRMED = ["ada@example.org", "bekele@example.org", "chaltu@example.org"];
const REFUSED = "nobody@example.org";
const DRAFT = {
  subject: "Spring news from the workshops",
  previewText: "Forty graduates this term",
  content: '<p>Forty women finished <strong>tailoring</strong>. <a href="/blog">Read more</a></p><script>x</script>',
  buttonLabel: "Donate",
  buttonUrl: "/donate",
};

/** A raw message with folded headers unfolded and its body's quoted-printable undone. */
function decoded(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw
    .slice(split)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return head + body;
}
const recipientOf = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1]?.trim();

describe.each(DIALECTS)("newsletters on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let headers: { authorization: string };
  let now = new Date("2026-11-23T09:00:00Z");
  const clock = () => now;
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (draft: object = DRAFT) => (await call("POST", "/api/newsletters", draft)).json()._id as string;
  const deliveredTo = () => inbox.messages.map(recipientOf);

  beforeAll(async () => {
    inbox = await createSmtpInbox({ refuse: [REFUSED] });
    await inbox.start();
    t = await createTestApp(dialect, {
      clock,
      config: {
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "News <news@hopebehindbars.test>" },
        newsletterRate: 1000,
      },
    });
    const { db } = t.database;
    const row = (email: string, status: "confirmed" | "pending" | "unsubscribed") => ({
      id: crypto.randomUUID(),
      email,
      created_at: now.toISOString(),
      status,
    });
    await db
      .insertInto("subscribers")
      .values([
        ...CONFIRMED.map((email) => row(email, "confirmed")),
        row("pending@example.org", "pending"),
        row("left@example.org", "unsubscribed"),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });
  beforeEach(async () => {
    inbox.messages.length = 0;
    headers = await t.adminHeaders();
  });

  it("keeps a draft's sanitised text, previews it as an e-mail with HTML and text, and sends a test to its writer", async () => {
    const id = await create();
    const saved = (await call("GET", `/api/newsletters/${id}`)).json();
    expect(saved).toMatchObject({ state: "draft", inArchive: true, progress: { sent: 0, remaining: 0 } });
    expect(saved.content).toContain("<script>"); // stored as written; sanitised whenever it is rendered

    const preview = (await call("GET", `/api/newsletters/${id}/preview`)).json();
    expect(preview.subject).toBe(DRAFT.subject);
    expect(preview.html).toContain("tailoring");
    expect(preview.html).not.toContain("<script");
    // Every link to the site carries the newsletter's campaign (docs/decisions/0711); the unsubscribe link does not.
    const tags =
      "utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=newsletter-spring-news-from-the-workshops";
    expect(preview.html).toContain(`href="${t.config.publicSiteUrl}/blog?${tags}"`);
    expect(preview.html).toContain(`href="${t.config.publicSiteUrl}/donate?${tags}"`);
    expect(preview.html).toContain(`href="${t.config.publicSiteUrl}/newsletter/unsubscribe#preview"`);
    expect(preview.text).toMatch(/Forty women finished tailoring/i);
    expect(preview.text).toContain(`Unsubscribe: ${t.config.publicSiteUrl}/newsletter/unsubscribe#preview`);

    expect((await call("POST", `/api/newsletters/${id}/test`)).json()).toEqual({ to: "staff@hopebehindbars.test" });
    await t.services.jobs.runDue();
    expect(deliveredTo()).toEqual(["staff@hopebehindbars.test"]);
    const mail = decoded(inbox.messages[0] as string);
    expect(mail).toContain(`Subject: [Test] ${DRAFT.subject}`);
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
  });

  it("sends one message to each confirmed subscriber, none to pending or unsubscribed, with RFC 8058 headers", async () => {
    const id = await create();
    const sent = await call("POST", `/api/newsletters/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ state: "sending", recipients: 3 });
    expect((await call("PUT", `/api/newsletters/${id}`, DRAFT)).statusCode).toBe(409);

    await t.services.jobs.runDue();
    expect(deliveredTo().sort()).toEqual([...CONFIRMED].sort());
    for (const raw of inbox.messages) {
      const mail = decoded(raw);
      expect(mail).not.toMatch(/^(Cc|Bcc):/m);
      expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mail).toContain("Content-Type: text/plain");
      expect(mail).toContain("Content-Type: text/html");
      expect(mail).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/newsletter\/unsubscribe#[\w-]+\.[\w-]+/);
      expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/subscribe\/unsubscribe\?token=[^>]+>/m);
    }
    expect((await call("GET", `/api/newsletters/${id}`)).json()).toMatchObject({
      state: "sent",
      progress: { sent: 3, failed: 0, skipped: 0, remaining: 0 },
      failures: [],
    });

    // The header's link unsubscribes with one POST, without a session.
    const ada = decoded(inbox.messages.find((m) => recipientOf(m) === "ada@example.org") as string);
    const oneClick = /^List-Unsubscribe: <[^>]*?(\/api\/subscribe\/unsubscribe\?token=[^>]+)>/m.exec(
      ada,
    )?.[1] as string;
    const response = await t.app.inject({
      method: "POST",
      url: oneClick,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.json()).toEqual({ email: "ada@example.org" });

    inbox.messages.length = 0;
    await call("POST", `/api/newsletters/${await create()}/send`, {});
    await t.services.jobs.runDue();
    expect(deliveredTo().sort()).toEqual(["bekele@example.org", "chaltu@example.org"]);
    await t.services.subscribers.resubscribe({
      token: t.services.subscribers.unsubscribeToken(await idOf("ada@example.org")),
    });
  });

  async function idOf(email: string) {
    return (await t.services.subscribers.list()).find((s) => s.email === email)?._id as string;
  }

  it("resumes a send that stopped midway without sending anyone a second copy", async () => {
    const id = await create();
    await call("POST", `/api/newsletters/${id}/send`, {});
    // As a worker that died would leave it: one delivered, one handed over without an answer recorded.
    const { db } = t.database;
    await db
      .updateTable("newsletter_deliveries")
      .set({ status: "sent", attempts: 1 })
      .where("newsletter_id", "=", id)
      .where("email", "=", "ada@example.org")
      .execute();
    await db
      .updateTable("newsletter_deliveries")
      .set({ status: "sending", attempts: 1 })
      .where("newsletter_id", "=", id)
      .where("email", "=", "bekele@example.org")
      .execute();
    await t.services.jobs.runDue();
    expect(deliveredTo().sort()).toEqual(["bekele@example.org", "chaltu@example.org"]);
    expect((await call("GET", `/api/newsletters/${id}`)).json().progress).toEqual({
      sent: 3,
      failed: 0,
      skipped: 0,
      remaining: 0,
    });
  });

  it("lists an address the mail server refuses as failed, with its error, and finishes the rest", async () => {
    const refused = crypto.randomUUID();
    await t.database.db
      .insertInto("subscribers")
      .values({ id: refused, email: REFUSED, created_at: now.toISOString(), status: "confirmed" })
      .execute();
    const id = await create();
    await call("POST", `/api/newsletters/${id}/send`, {});
    await t.services.jobs.runDue();
    const state = (await call("GET", `/api/newsletters/${id}`)).json();
    expect(state).toMatchObject({ state: "sent", progress: { sent: 3, failed: 1, remaining: 0 } });
    expect(state.failures).toEqual([{ email: REFUSED, error: expect.stringContaining("550") }]);
    await t.database.db.deleteFrom("subscribers").where("id", "=", refused).execute();
  });

  it("schedules a send for later, and a cancelled schedule sends nothing", async () => {
    const id = await create();
    const at = new Date(now.getTime() + 60 * 60_000).toISOString();
    expect((await call("POST", `/api/newsletters/${id}/send`, { at })).json()).toMatchObject({
      state: "scheduled",
      scheduledAt: at,
    });
    await t.services.jobs.runDue();
    expect(inbox.messages).toHaveLength(0);

    const cancelled = await create();
    await call("POST", `/api/newsletters/${cancelled}/send`, { at });
    expect((await call("POST", `/api/newsletters/${cancelled}/cancel`)).json().state).toBe("draft");

    now = new Date(now.getTime() + 61 * 60_000);
    headers = await t.adminHeaders();
    await t.services.jobs.runDue();
    expect(deliveredTo().sort()).toEqual([...CONFIRMED].sort());
    expect((await call("GET", `/api/newsletters/${id}`)).json().state).toBe("sent");
    expect((await call("GET", `/api/newsletters/${cancelled}`)).json().state).toBe("draft");
    expect((await call("POST", `/api/newsletters/${id}/send`, {})).statusCode).toBe(409);
    expect((await call("POST", `/api/newsletters/${cancelled}/send`, { at: "2020-01-01T00:00:00Z" })).statusCode).toBe(
      400,
    );
  });

  /**
   * A picture as staff upload it. 1400 px wide, the e-mail takes its 1280 px variant; the tests of
   * consent and blurring, which never look at the e-mail's picture, pass a 640 px one: its ladder is
   * two widths in each format instead of five, and every upload's ladder is encoded in full.
   */
  async function uploadPicture(width = 1400) {
    const png = await sharp({ create: { width, height: width / 2, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", fileBlob(png), "graduates.png");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/newsletters/images",
      ...(await multipartPayload(form, headers)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return uploaded.json() as { url: string; width: number; height: number };
  }
  const BUTTON = '<p data-button=""><a href="https://hope.test/donate">Give now</a></p>';
  const NO_PEOPLE = { basis: "no-identifiable-people" };
  const withBlocks = (picture: { url: string; width: number; height: number }, consent: object | null = NO_PEOPLE) => ({
    ...DRAFT,
    content: `<p>Forty women finished tailoring.</p><img src="${picture.url}" alt="The graduates" width="${picture.width}" height="${picture.height}" onerror="alert(1)"><img src="https://tracker.test/p.gif" alt="">${BUTTON}`,
    ...(consent ? { pictureConsents: [{ imageUrl: picture.url, ...consent }] } : {}),
  });

  it("puts pictures (a variant that exists, at an absolute URL, with size and alt) and table buttons in the e-mail, and the button's link in the text", async () => {
    const picture = await uploadPicture();
    expect(picture.url).toMatch(/^\/uploads\/newsletter\/[0-9a-f-]+-1400\.jpg$/);
    const stem = picture.url.replace(/-1400\.jpg$/, "");
    const id = await create(withBlocks(picture));

    const preview = (await call("GET", `/api/newsletters/${id}/preview`)).json();
    expect(preview.html).toContain(
      `<img src="${t.config.publicSiteUrl}${stem}-1280.jpg" alt="The graduates" width="496" height="248"`,
    );
    expect(preview.html).not.toContain("tracker.test");
    expect(preview.html).not.toContain("onerror");
    expect(preview.html).toMatch(
      /<td align="center" bgcolor="#0b5563"[^>]*><a href="https:\/\/hope\.test\/donate"[^>]*>Give now<\/a>/,
    );
    expect(preview.text).toContain("Give now: https://hope.test/donate");
    expect(preview.text).not.toContain("/uploads/");

    await call("POST", `/api/newsletters/${id}/send`, {});
    await t.services.jobs.runDue();
    expect(deliveredTo().sort()).toEqual([...CONFIRMED].sort());
    const mail = decoded(inbox.messages[0] as string);
    expect(mail).toContain(`src="${t.config.publicSiteUrl}${stem}-1280.jpg"`);
    expect(mail).toContain("Give now: https://hope.test/donate");

    // On the archive page: the picture at its own URL and the button as a link, sanitised.
    const archived = await t.services.newsletters.archived(id);
    expect(archived.content).toContain(`<img src="${picture.url}" alt="The graduates" width="1400" height="700" />`);
    expect(archived.content).toContain('<p data-button=""><a href="https://hope.test/donate"');
    expect(archived.content).not.toContain("tracker.test");

    // The picture is the newsletter's: the leftover sweep keeps its files.
    const { referencedImages } = await import("../media/upload-references.ts");
    const owned = await referencedImages(t.database.db, t.services.storage);
    expect(owned.has(stem.replace("/uploads/", ""))).toBe(true);
  });

  it("waits for pictures whose files are not written yet, then goes without them", async () => {
    const picture = await uploadPicture();
    const id = await create(withBlocks(picture));
    // As a background encoding still running would leave it: no file of the picture is there yet.
    const stem = picture.url.replace("/uploads/", "").replace(/-1400\.jpg$/, "");
    for await (const object of t.services.storage.list("newsletter/")) {
      if (object.key.startsWith(stem)) await t.services.storage.delete(object.key);
    }
    await call("POST", `/api/newsletters/${id}/send`, {});
    await t.services.jobs.runDue();
    expect(inbox.messages).toHaveLength(0);
    expect((await call("GET", `/api/newsletters/${id}`)).json()).toMatchObject({ state: "sending" });

    now = new Date(now.getTime() + 31 * 60_000);
    headers = await t.adminHeaders();
    await t.services.jobs.runDue();
    expect(deliveredTo().sort()).toEqual([...CONFIRMED].sort());
    const mail = decoded(inbox.messages[0] as string);
    expect(mail).not.toContain('<img src="http');
    expect(mail).toContain("Give now: https://hope.test/donate");
  });

  it("answers how many a send would go to, counted from confirmed subscribers, for the question staff are asked", async () => {
    const id = await create();
    expect((await call("GET", `/api/newsletters/${id}/audience`)).json()).toEqual({
      subject: "Spring news from the workshops",
      recipients: 3,
    });
    const late = crypto.randomUUID();
    await t.database.db
      .insertInto("subscribers")
      .values({ id: late, email: "late@example.org", created_at: now.toISOString(), status: "confirmed" })
      .execute();
    expect((await call("GET", `/api/newsletters/${id}/audience`)).json().recipients).toBe(4);
    await t.database.db.deleteFrom("subscribers").where("id", "=", late).execute();
    const editor = await t.staffHeaders("editor");
    const asEditor = await t.app.inject({ url: `/api/newsletters/${id}/audience`, headers: editor });
    expect(asEditor.json()).toEqual({ subject: "Spring news from the workshops", recipients: 3 });
    expect((await call("GET", "/api/newsletters/00000000-0000-4000-8000-000000000000/audience")).statusCode).toBe(404);
  });

  it("prints the organisation's postal address from site content at the foot of every newsletter", async () => {
    const preview = (await call("GET", `/api/newsletters/${await create()}/preview`)).json();
    const address =
      "Hope Behind Bars, Africa Avenue (Bole Road), House No. 1520, Bole Sub-City, Woreda 03, Addis Ababa, Ethiopia";
    expect(preview.text).toContain(address);
    expect(preview.html).toContain(address);
  });

  it("refuses to send or schedule a newsletter whose picture lacks consent, naming the picture; consent sent with the draft lets it go", async () => {
    const picture = await uploadPicture(640);
    const id = await create(withBlocks(picture, null));
    const refused = await call("POST", `/api/newsletters/${id}/send`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message:
        "The picture “The graduates” has no consent recorded: record its consent, or take it out of the newsletter.",
      fields: { "pictures.0": expect.stringContaining("The picture “The graduates”") },
    });
    const at = new Date(now.getTime() + 60 * 60_000).toISOString();
    expect((await call("POST", `/api/newsletters/${id}/send`, { at })).statusCode).toBe(400);

    // A child who can be identified needs a parent's or guardian's consent on file.
    await call("PUT", `/api/newsletters/${id}`, withBlocks(picture, { basis: "no-identifiable-people", minor: true }));
    expect((await call("POST", `/api/newsletters/${id}/send`, { at })).json().message).toBe(
      "The picture “The graduates” shows a child without consent from a parent or guardian: record its consent, or take it out of the newsletter.",
    );
    const onFile = { basis: "on-file", minor: true, byGuardian: true, givenBy: "Her mother", givenOn: "2026-11-01" };
    expect((await call("PUT", `/api/newsletters/${id}`, withBlocks(picture, onFile))).statusCode).toBe(200);
    const consent = (await call("GET", `/api/admin/consent?imageUrl=${encodeURIComponent(picture.url)}`)).json();
    expect(consent.consent).toMatchObject({ basis: "on-file", minor: true, byGuardian: true, givenBy: "Her mother" });
    const scheduled = await call("POST", `/api/newsletters/${id}/send`, { at });
    expect(scheduled.json()).toMatchObject({ state: "scheduled" });

    // Consent taken back to "not yet" before its time: the scheduled send stops, a draft again.
    await call("PUT", "/api/admin/consent", { imageUrl: picture.url, basis: "not-yet" });
    now = new Date(now.getTime() + 61 * 60_000);
    headers = await t.adminHeaders();
    await t.services.jobs.runDue();
    expect(deliveredTo()).not.toContain("ada@example.org");
    expect((await call("GET", `/api/newsletters/${id}`)).json()).toMatchObject({ state: "draft", scheduledAt: null });
  });

  it("lists a newsletter's pictures for consent, and a withdrawal takes a picture out of the sent newsletter's archive page and deletes its files", async () => {
    const picture = await uploadPicture(640);
    const id = await create(withBlocks(picture));
    await call("POST", `/api/newsletters/${id}/send`, {});
    await t.services.jobs.runDue();
    expect((await t.services.newsletters.archived(id)).content).toContain(picture.url);
    await call("PUT", "/api/admin/consent", { imageUrl: picture.url, basis: "not-yet" });
    const attention = (await call("GET", "/api/admin/consent/attention")).json() as Array<Record<string, string>>;
    expect(attention.find((item) => item.imageUrl === `${t.config.publicSiteUrl}${picture.url}`)).toMatchObject({
      entity: "newsletter",
      entityId: id,
      title: "Spring news from the workshops",
      status: "published",
      reason: "not-yet",
    });

    const withdrawn = await call("POST", "/api/admin/consent/withdraw", { imageUrl: picture.url });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const archived = await t.services.newsletters.archived(id);
    expect(archived.content).not.toContain("<img");
    expect(archived.content).toContain("Forty women finished tailoring.");
    const stem = picture.url.replace("/uploads/", "").replace(/-640\.jpg$/, "");
    const left: string[] = [];
    for await (const object of t.services.storage.list("newsletter/"))
      if (object.key.startsWith(stem)) left.push(object.key);
    expect(left).toEqual([]);
  });

  it("blurs a newsletter's picture: the newsletter shows the blurred one under a new name", async () => {
    const picture = await uploadPicture(640);
    const id = await create(withBlocks(picture));
    const blurred = await call("POST", "/api/admin/images/blur", {
      imageUrl: picture.url,
      rectangles: [{ x: 0.1, y: 0.1, width: 0.3, height: 0.5 }],
    });
    expect(blurred.statusCode, blurred.body).toBe(200);
    const url = new URL(blurred.json().url, t.config.publicSiteUrl).pathname;
    expect(url).toMatch(/^\/uploads\/newsletter\/[0-9a-f-]+-640\.jpg$/);
    expect(url).not.toBe(picture.url);
    const content = (await call("GET", `/api/newsletters/${id}`)).json().content as string;
    expect(content).toContain(`<img src="${url}" alt="The graduates"`);
    expect(content).not.toContain(picture.url);
    // Its consent moved with it: the newsletter may still be sent.
    expect((await call("POST", `/api/newsletters/${id}/send`, {})).json()).toMatchObject({ state: "sending" });
    await t.services.jobs.runDue();
  });

  it("lets editors write newsletters, not the inbox role", async () => {
    const inboxRole = await t.staffHeaders("inbox");
    expect((await t.app.inject({ url: "/api/newsletters", headers: inboxRole })).statusCode).toBe(403);
    const editor = await t.staffHeaders("editor");
    expect((await t.app.inject({ url: "/api/newsletters", headers: editor })).statusCode).toBe(200);
  });
});
