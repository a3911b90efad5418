import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const ENGLISH = {
  subject: "News from the workshops",
  previewText: "Forty graduates this term",
  content: "<p>Forty women finished tailoring this term.</p>",
  buttonLabel: "Donate",
  buttonUrl: "/donate",
};
const AMHARIC = {
  subjectAm: "ከዎርክሾፖቹ የተገኙ ዜናዎች",
  previewTextAm: "በዚህ ወቅት አርባ ተመራቂዎች",
  contentAm: "<p>በዚህ ወቅት አርባ ሴቶች የልብስ ስፌት ስልጠና ጨረሱ።</p>",
  buttonLabelAm: "ይለግሱ",
};

const recipientOf = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1]?.trim();

/**
 * A newsletter's Amharic version (docs/decisions/0884), end to end: visitors subscribe from an
 * English and an Amharic page through the API, and the SMTP server started here receives each
 * confirmed subscriber's newsletter in their language, the foot and its links included.
 */
describe.each(DIALECTS)("a newsletter in English and Amharic on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let headers: { authorization: string };
  let now = new Date("2026-11-28T09:00:00Z");

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => now,
      config: {
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "News <news@hopebehindbars.test>" },
        newsletterRate: 1000,
      },
    });
    headers = await t.adminHeaders();
    await subscribe("ada@example.org", "en");
    await subscribe("hirut@example.org", "am");
    await subscribe("meron@example.org", "am");
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    payload === undefined
      ? await t.app.inject({ method, url, headers })
      : await t.app.inject({ method, url, headers, payload });
  const create = async (draft: object) => {
    const created = await call("POST", "/api/newsletters", draft);
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id as string;
  };
  /** What each address received whose subject is one of `subjects`, by address. */
  const received = (...subjects: string[]) =>
    new Map(
      inbox.messages
        .filter((raw) => subjects.includes(readMail(raw).subject))
        .map((raw) => [recipientOf(raw), { raw, ...readMail(raw) }]),
    );

  /** Subscribes from a page in `lang` as a visitor would, and opens the link the e-mail brought. */
  async function subscribe(email: string, lang: "en" | "am") {
    const asked = await t.app.inject({
      method: "POST",
      url: lang === "am" ? "/api/subscribe?lang=am" : "/api/subscribe",
      payload: { email },
      remoteAddress: visitorIp(),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await t.services.jobs.runDue();
    const mail = inbox.messages.findLast((raw) => recipientOf(raw) === email) as string;
    const page = `${t.config.publicSiteUrl}${lang === "am" ? "/am" : ""}/newsletter/confirm#`;
    const token = linkIn(mail, page).split("#")[1] as string;
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/subscribe/confirm",
      payload: { token },
      remoteAddress: visitorIp(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it("sends the Amharic version to Amharic subscribers and the English one to the others, each foot in its language", async () => {
    const id = await create({ ...ENGLISH, ...AMHARIC });
    expect((await call("GET", `/api/newsletters/${id}`)).json()).toMatchObject({ ...ENGLISH, ...AMHARIC });
    // The question staff are asked says how many get each version.
    expect((await call("GET", `/api/newsletters/${id}/audience`)).json()).toEqual({
      subject: ENGLISH.subject,
      recipients: 3,
      amharic: 2,
    });
    const previewAm = (await call("GET", `/api/newsletters/${id}/preview?lang=am`)).json();
    expect(previewAm.subject).toBe(AMHARIC.subjectAm);
    expect(previewAm.html).toContain('lang="am"');

    const sent = await call("POST", `/api/newsletters/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 3 });
    await t.services.jobs.runDue();

    const mails = received(ENGLISH.subject, AMHARIC.subjectAm);
    expect([...mails.keys()].sort()).toEqual(["ada@example.org", "hirut@example.org", "meron@example.org"]);
    const site = t.config.publicSiteUrl;
    for (const address of ["hirut@example.org", "meron@example.org"]) {
      const mail = mails.get(address);
      expect(mail?.subject).toBe(AMHARIC.subjectAm);
      expect(mail?.text).toContain("በዚህ ወቅት አርባ ሴቶች የልብስ ስፌት ስልጠና ጨረሱ።");
      expect(mail?.text).not.toContain("Forty women");
      expect(mail?.html).toContain('lang="am"');
      expect(mail?.html).toContain(AMHARIC.previewTextAm);
      expect(mail?.text).toContain("ይለግሱ");
      expect(mail?.text).toContain("ይህን የሚቀበሉት ከHope Behind Bars ዜና ለመቀበል ስለተመዘገቡ ነው።");
      expect(mail?.text).toContain(`ምዝገባውን ሰርዝ: ${site}/am/newsletter/unsubscribe#`);
      expect(mail?.text).toMatch(new RegExp(`በድረ-ገጻችን ላይ ያንብቡት: ${site}/am/newsletter/${id}\\?utm_source=newsletter`));
      // The one-click header is the same for both: the API reads no language.
      expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    }
    const english = mails.get("ada@example.org");
    expect(english?.subject).toBe(ENGLISH.subject);
    expect(english?.text).toContain("Forty women finished tailoring this term.");
    expect(english?.text).not.toContain("ጨረሱ");
    expect(english?.text).toContain("Donate");
    expect(english?.text).toContain(`Unsubscribe: ${site}/newsletter/unsubscribe#`);
    expect(english?.text).toMatch(
      new RegExp(`Read it on our website: ${site}/newsletter/${id}\\?utm_source=newsletter`),
    );

    // The archive page in Amharic shows the Amharic version, in English the English one.
    const archivedAm = await t.services.newsletters.archived(id, "am");
    expect(archivedAm).toMatchObject({ lang: "am", subject: AMHARIC.subjectAm, buttonLabel: AMHARIC.buttonLabelAm });
    expect(archivedAm.content).toContain("ጨረሱ");
    expect(await t.services.newsletters.archived(id, "en")).toMatchObject({ lang: "en", subject: ENGLISH.subject });
  });

  it("sends the English one to everyone, Amharic subscribers too, when a newsletter has no Amharic version; a schedule too", async () => {
    const subject = "Only in English";
    const id = await create({ ...ENGLISH, subject });
    expect((await call("GET", `/api/newsletters/${id}/audience`)).json()).toEqual({ subject, recipients: 3 });
    const at = new Date(now.getTime() + 60 * 60_000).toISOString();
    expect((await call("POST", `/api/newsletters/${id}/send`, { at })).json()).toMatchObject({ state: "scheduled" });
    now = new Date(now.getTime() + 61 * 60_000);
    headers = await t.adminHeaders();
    await t.services.jobs.runDue();
    const mails = received(subject);
    expect([...mails.keys()].sort()).toEqual(["ada@example.org", "hirut@example.org", "meron@example.org"]);
    for (const mail of mails.values()) {
      expect(mail.text).toContain("Forty women finished tailoring this term.");
      expect(mail.text).toContain(`Unsubscribe: ${t.config.publicSiteUrl}/newsletter/unsubscribe#`);
    }
    expect((await t.services.newsletters.archived(id, "am")).lang).toBe("en");
  });

  it("sends a scheduled newsletter's Amharic version to Amharic subscribers, and a test of each version to staff", async () => {
    const subject = "Scheduled in two languages";
    const id = await create({ ...ENGLISH, ...AMHARIC, subject, subjectAm: "በሁለት ቋንቋ የታቀደ" });
    const tested = await call("POST", `/api/newsletters/${id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    await t.services.jobs.runDue();
    const toStaff = inbox.messages.filter((raw) => recipientOf(raw) === "staff@hopebehindbars.test");
    // One of each version, in whatever order the outbox hands them over.
    expect(toStaff.map((raw) => readMail(raw).subject).sort()).toEqual(
      [`[Test] ${subject}`, "[Test] በሁለት ቋንቋ የታቀደ"].sort(),
    );

    const at = new Date(now.getTime() + 60 * 60_000).toISOString();
    expect((await call("POST", `/api/newsletters/${id}/send`, { at })).statusCode).toBe(200);
    now = new Date(now.getTime() + 61 * 60_000);
    headers = await t.adminHeaders();
    await t.services.jobs.runDue();
    const mails = received(subject, "በሁለት ቋንቋ የታቀደ");
    expect(mails.get("ada@example.org")?.subject).toBe(subject);
    expect(mails.get("hirut@example.org")?.subject).toBe("በሁለት ቋንቋ የታቀደ");
    expect(mails.get("meron@example.org")?.text).toContain("ጨረሱ");
  });

  it("asks for both an Amharic subject and text, or neither", async () => {
    const noText = await call("POST", "/api/newsletters", { ...ENGLISH, subjectAm: AMHARIC.subjectAm });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().fields).toHaveProperty("contentAm");
    const noSubject = await call("POST", "/api/newsletters", { ...ENGLISH, contentAm: AMHARIC.contentAm });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().fields).toHaveProperty("subjectAm");
  });

  it("holds a picture in the Amharic text to the same consent as the English: no send until it is recorded", async () => {
    const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", fileBlob(png), "class.png");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/newsletters/images",
      ...(await multipartPayload(form, headers)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const picture = uploaded.json() as { url: string; width: number; height: number };
    const contentAm = `${AMHARIC.contentAm}<img src="${picture.url}" alt="ክፍሉ" width="${picture.width}" height="${picture.height}">`;
    const draft = { ...ENGLISH, ...AMHARIC, subject: "With a picture", subjectAm: "ፎቶ ያለው", contentAm };
    const id = await create(draft);

    const refused = await call("POST", `/api/newsletters/${id}/send`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("ክፍሉ");
    expect(refused.json().fields).toHaveProperty("pictures.0");

    const consent = { imageUrl: picture.url, basis: "no-identifiable-people" };
    const saved = await call("PUT", `/api/newsletters/${id}`, { ...draft, pictureConsents: [consent] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call("POST", `/api/newsletters/${id}/send`, {})).statusCode).toBe(200);
    await t.services.jobs.runDue();
    const amharic = received("ፎቶ ያለው").get("hirut@example.org");
    expect(amharic?.html).toContain('alt="ክፍሉ"');

    // The picture is the newsletter's: the leftover sweep keeps its files while the Amharic text shows it.
    const { referencedImages } = await import("../../core/media/upload-references.ts");
    const stem = picture.url.replace("/uploads/", "").replace(/-\d+\.jpg$/, "");
    expect((await referencedImages(t.database.db, t.services.storage)).has(stem)).toBe(true);
    // A withdrawal takes it out of the Amharic text too (the archive page in Amharic).
    const withdrawn = await call("POST", "/api/admin/consent/withdraw", { imageUrl: picture.url });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const archived = await t.services.newsletters.archived(id, "am");
    expect(archived.content).toContain("ጨረሱ");
    expect(archived.content).not.toContain(picture.url);
  });
});
