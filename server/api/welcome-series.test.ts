import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createSmtpInbox, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SITE = "https://hopebehindbars.example";
const START = Date.parse("2026-11-02T09:00:00Z");
const DAY = 24 * 60 * 60_000;

describe.each(DIALECTS)("The welcome series on %s (mail read from a real SMTP server)", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let now = START;

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => new Date(now),
      config: {
        publicSiteUrl: SITE,
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  /** A paid sandbox gift from `email`, given from a page in `lang`. */
  async function give(email: string, lang: "en" | "am" = "en") {
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 20, frequency: "one-time", lang },
      remoteAddress: visitorIp(),
    });
    expect(opened.statusCode).toBe(200);
    await t.services.donations.completeSandboxCheckout(opened.json().id, { email, name: "A Donor" });
  }
  /** Moves the clock `days` on, runs what came due, and answers the messages sent to `to`. */
  async function daysLater(days: number, to: string) {
    now += days * DAY;
    await t.services.jobs.runDue();
    const raws = inbox.messages.splice(0);
    return raws
      .filter((raw) => raw.toLowerCase().includes(`to: ${to.toLowerCase()}`))
      .map((raw) => ({ ...readMail(raw), raw }));
  }
  const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, " ");
  const oneClickUrl = (raw: string) => /List-Unsubscribe: <([^>]+)>/.exec(unfolded(raw))?.[1] as string;

  it("sends day 7 and day 30 after a first gift, in the donor's language, with one-click unsubscribe", async () => {
    now = START;
    await give("abebe@example.org");
    const day0 = await daysLater(0, "abebe@example.org");
    expect(day0.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt /)]);
    expect(await daysLater(6, "abebe@example.org")).toEqual([]);
    const [week, ...more] = await daysLater(1, "abebe@example.org");
    expect(more).toEqual([]);
    expect(week?.subject).toBe("What your gift did");
    expect(week?.text).toContain("A week ago you gave to Hope Behind Bars. Thank you.");
    expect(unfolded(week?.raw ?? "")).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(oneClickUrl(week?.raw ?? "")).toMatch(`${SITE}/api/email-series/unsubscribe?token=`);
    expect(week?.html).toContain("Stop these e-mails");
    const [month] = await daysLater(23, "abebe@example.org");
    expect(month?.subject).toBe("Stay close to the children you helped");
    expect(month?.html).toContain(`href="${SITE}/newsletter"`);
    expect(await daysLater(60, "abebe@example.org")).toEqual([]);

    now = START;
    await give("almaz@example.org", "am");
    await daysLater(0, "almaz@example.org");
    const [amharic] = await daysLater(7, "almaz@example.org");
    expect(amharic?.subject).toBe("ስጦታዎ ያደረገው");
    expect(amharic?.text).toContain("እነዚህን ኢሜይሎች ያቁሙ");
  });

  it("stops at once when the donor unsubscribes (one click), and the link's page asks before it stops", async () => {
    now = START;
    await give("Kebede@Example.org");
    await daysLater(0, "Kebede@Example.org");
    const [week] = await daysLater(7, "Kebede@Example.org");
    const url = oneClickUrl(week?.raw ?? "").slice(SITE.length);
    const asked = await t.app.inject({ method: "GET", url });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form method="post"');
    const enrolment = () =>
      t.database.db
        .selectFrom("email_series_enrolments")
        .selectAll()
        .where("email_key", "=", "kebede@example.org")
        .executeTakeFirstOrThrow();
    expect((await enrolment()).stopped_at).toBeNull();
    const clicked = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode).toBe(200);
    expect((await enrolment()).stop_reason).toBe("unsubscribed");
    expect(await daysLater(30, "Kebede@Example.org")).toEqual([]);
    // A forged token stops nothing.
    const forged = await t.app.inject({ method: "POST", url: `${url.split(".")[0]}.forged` });
    expect(forged.statusCode).toBe(404);
  });

  it("leaves out the steps that say so once the donor gave again, and never enrols a donor twice", async () => {
    now = START;
    await give("tigist@example.org");
    await daysLater(0, "tigist@example.org");
    now += 3 * DAY;
    await give("tigist@example.org");
    const receipts = await daysLater(0, "tigist@example.org");
    expect(receipts.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt /)]);
    // Day 7 does not stop at a second gift; day 30 (the invitation to give again) does.
    expect((await daysLater(4, "tigist@example.org")).map((m) => m.subject)).toEqual(["What your gift did"]);
    expect(await daysLater(30, "tigist@example.org")).toEqual([]);
    const enrolments = await t.database.db
      .selectFrom("email_series_enrolments")
      .select("second_gift_at")
      .where("email_key", "=", "tigist@example.org")
      .execute();
    expect(enrolments).toHaveLength(1);
    expect(enrolments[0]?.second_gift_at).not.toBeNull();
  });

  it("queues a step's e-mail once when the worker died after queuing it (its run comes again)", async () => {
    now = START;
    await give("crash@example.org");
    await daysLater(0, "crash@example.org");
    now += 7 * DAY;
    const [job] = await t.services.jobs.claim(1);
    expect(job?.type).toBe("email-series.step");
    // The handler's work is done and committed, then the process dies before the queue hears of it.
    await t.services.emailSeries.stepJob.handle(JSON.parse(job?.payload ?? "null"), {
      id: job?.id ?? "",
      attempt: 1,
      progress: async () => undefined,
      recorded: null,
      signal: new AbortController().signal,
    });
    // Its claim runs out; the queue runs it again, and the e-mail goes once.
    const sent = await daysLater(1, "crash@example.org");
    expect(sent.map((m) => m.subject)).toEqual(["What your gift did"]);
    expect(await daysLater(0, "crash@example.org")).toEqual([]);
  });

  it("lets staff rewrite a step, switch it off (audited) and preview it in both languages", async () => {
    const headers = await t.adminHeaders();
    const series = (await t.app.inject({ method: "GET", url: "/api/email-series/welcome", headers })).json();
    expect(series.steps.map((s: { dayOffset: number }) => s.dayOffset)).toEqual([7, 30]);
    const step = series.steps[0];
    const invalid = await t.app.inject({
      method: "PUT",
      url: `/api/email-series/welcome/steps/${step._id}`,
      headers,
      payload: { ...step, subjectEn: "", dayOffset: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(["dayOffset", "subjectEn"]);
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/email-series/welcome/steps/${step._id}`,
      headers,
      payload: { ...step, subjectEn: "Meet Hana", contentEn: "<p>Hana <script>x</script>learns to read.</p>" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ subjectEn: "Meet Hana", enabled: true });
    const preview = await t.app.inject({
      method: "GET",
      url: `/api/email-series/welcome/steps/${step._id}/preview`,
      headers,
    });
    expect(preview.json().subject).toBe("Meet Hana");
    expect(preview.json().html).toContain("learns to read");
    expect(preview.json().html).not.toContain("<script");
    const amharic = await t.app.inject({
      method: "GET",
      url: `/api/email-series/welcome/steps/${step._id}/preview?lang=am`,
      headers,
    });
    expect(amharic.json().subject).toBe("ስጦታዎ ያደረገው");

    const off = await t.app.inject({
      method: "PUT",
      url: `/api/email-series/welcome/steps/${step._id}`,
      headers,
      payload: { ...(saved.json() as object), enabled: false },
    });
    expect(off.json().enabled).toBe(false);
    const audited = await t.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "email-series-step")
      .where("entity_id", "=", step._id)
      .execute();
    expect(audited).toHaveLength(2);

    now = START + 200 * DAY;
    await give("later@example.org");
    await daysLater(0, "later@example.org");
    expect(await daysLater(7, "later@example.org")).toEqual([]); // switched off
    expect((await daysLater(23, "later@example.org")).map((m) => m.subject)).toEqual([
      "Stay close to the children you helped",
    ]);
    await t.app.inject({
      method: "PUT",
      url: `/api/email-series/welcome/steps/${step._id}`,
      headers,
      payload: { ...(saved.json() as object), enabled: true },
    });
  });

  it("keeps a step's pictures to the one consent rule: refused switched on without it, left out once it ends, gone when withdrawn", async () => {
    now = START;
    let headers = await t.adminHeaders();
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#0b5563" } })
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
    const picture = uploaded.json().url as string;
    const series = (await t.app.inject({ method: "GET", url: "/api/email-series/welcome", headers })).json();
    const step = series.steps[1];
    const url = `/api/email-series/welcome/steps/${step._id}`;
    const withPicture = {
      ...step,
      contentEn: `<p>The reading class.</p><img src="${picture}" alt="The reading class" width="600" height="300">`,
    };

    const refused = await t.app.inject({ method: "PUT", url, headers, payload: withPicture });
    expect(refused.statusCode).toBe(400);
    const message =
      "The picture “The reading class” has no consent recorded: record its consent, or take it out of the e-mail.";
    expect(refused.json().fields).toMatchObject({ "pictures.0": message });
    // Switched off, it may wait for its consent.
    const off = await t.app.inject({ method: "PUT", url, headers, payload: { ...withPicture, enabled: false } });
    expect(off.statusCode).toBe(200);

    const lastDay = new Date(START + 40 * DAY).toISOString().slice(0, 10);
    const consent = {
      imageUrl: picture,
      basis: "on-file",
      givenBy: "Selam",
      givenOn: "2026-11-01",
      expiresOn: lastDay,
    };
    const saved = await t.app.inject({
      method: "PUT",
      url,
      headers,
      payload: { ...withPicture, pictureConsents: [consent] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The step's picture is kept by the leftover sweep, which reads the steps' texts like newsletters'.
    const { referencedImages } = await import("../../core/media/upload-references.ts");
    const stem = picture.replace("/uploads/", "").replace(/-\d+\.jpg$/, "");
    expect((await referencedImages(t.database.db, t.services.storage)).has(stem)).toBe(true);

    now = START;
    await give("picture@example.org");
    await daysLater(0, "picture@example.org");
    const [withIt] = await daysLater(30, "picture@example.org");
    expect(withIt?.html).toContain("The reading class");
    expect(withIt?.html).toContain(`src="${SITE}${picture}"`);
    // The consent ended (its last day was day 40): the next donor's e-mail goes without the picture.
    now = START + 12 * DAY;
    await give("after-consent@example.org");
    await daysLater(0, "after-consent@example.org");
    const [without] = await daysLater(30, "after-consent@example.org");
    expect(without?.html).toContain("The reading class.");
    expect(without?.html).not.toContain("<img");

    // Withdrawn: the picture leaves the step's text itself, audited on the step.
    headers = await t.adminHeaders(); // weeks have passed: a new sign-in
    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/admin/consent/withdraw",
      headers,
      payload: { imageUrl: picture },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = (await t.app.inject({ method: "GET", url: "/api/email-series/welcome", headers })).json();
    expect(after.steps[1].contentEn).not.toContain(picture);
    const audited = await t.database.db
      .selectFrom("audit_log")
      .select("changes")
      .where("entity", "=", "email-series-step")
      .where("entity_id", "=", step._id)
      .execute();
    expect(audited.map((row) => row.changes)).toContainEqual(expect.stringContaining("withdrawn"));
    await t.app.inject({ method: "PUT", url, headers, payload: step });
  });
});
