import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SITE = "https://hopebehindbars.test";

describe.each(DIALECTS)("Your data: a person's own requests on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let staff: { authorization: string };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      config: {
        publicSiteUrl: SITE,
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" },
      },
    });
    staff = await t.staffHeaders("inbox");
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const visitor = (url: string, payload: object, form = false) =>
    t.app.inject({
      method: "POST",
      url,
      remoteAddress: visitorIp(),
      ...(form
        ? {
            payload: new URLSearchParams(payload as Record<string, string>).toString(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }
        : { payload }),
    });
  /** Sends what is queued and answers the newest message the inbox received. */
  async function lastMail() {
    await t.services.jobs.runDue();
    return inbox.messages.at(-1) as string;
  }
  async function tokenFor(email: string, kind: "export" | "erase", lang = "en") {
    const asked = await visitor("/api/people/requests", { email, kind, lang }, true);
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(lang === "am" ? "/am/your-data?sent" : "/your-data?sent");
    const link = new URL(
      linkIn(await lastMail(), `${SITE}${lang === "am" ? "/am" : ""}/your-data?kind=${kind}&token=`),
    );
    return link.searchParams.get("token") as string;
  }

  it("e-mails a copy of the data after the address is confirmed by a single-use link", async () => {
    await visitor("/api/messages", { name: "Hirut Kebede", email: "hirut@example.org", message: "Hello there." });
    await t.services.jobs.runDue();
    const token = await tokenFor("Hirut@Example.org", "export");
    const confirmed = await visitor("/api/people/requests/confirm", { token, kind: "export", lang: "en" }, true);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/your-data?confirmed=export");
    const mail = await lastMail();
    expect(readMail(mail).subject).toBe("Your data held by Hope Behind Bars");
    expect(mail).toContain("filename=personal-data.zip");
    expect(mail).toMatch(/^To: hirut@example\.org/m);
    // The ZIP went to the person; nothing of it is kept.
    expect(await t.database.db.selectFrom("people_exports").select(["status", "zip"]).execute()).toEqual([
      { status: "done", zip: null },
    ]);
    // The link worked once.
    const again = await visitor("/api/people/requests/confirm", { token, kind: "export", lang: "en" }, true);
    expect(again.headers.location).toBe("/your-data?error=link");
  });

  it("holds an erasure request for staff; on approval erases it and tells the person in their language", async () => {
    await visitor("/api/volunteer", {
      fullName: "Yonas Tadesse",
      email: "yonas@example.org",
      phone: "+251 955 111 222",
      age: 40,
      interest: "Event Support",
      motivation: "To help the children of women in prison.",
      availability: "Weekends",
    });
    const token = await tokenFor("yonas@example.org", "erase", "am");
    const confirmed = await visitor("/api/people/requests/confirm", { token, kind: "erase", lang: "am" });
    expect(confirmed.json()).toEqual({ kind: "erase" });
    // Never automatic: the application is still there until staff confirm.
    expect(
      await t.database.db
        .selectFrom("volunteer_applications")
        .select("email")
        .where("email", "=", "yonas@example.org")
        .execute(),
    ).toHaveLength(1);
    const requests = (await t.app.inject({ url: "/api/people/erasure-requests", headers: staff })).json();
    expect(requests).toEqual([
      {
        erasureId: expect.any(String),
        personId: expect.any(String),
        email: "yonas@example.org",
        requestedAt: expect.any(String),
      },
    ]);
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/people/erasure-requests/${requests[0].erasureId}/approve`,
      headers: staff,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The e-mail that carried the link named the address too.
    expect(approved.json().erased).toEqual({ "queued-mail": 1, "volunteer-application": 1 });
    expect(
      await t.database.db
        .selectFrom("volunteer_applications")
        .select("email")
        .where("email", "=", "yonas@example.org")
        .execute(),
    ).toEqual([]);
    expect(readMail(await lastMail()).subject).toBe("መረጃዎ ጠፍቷል");
    expect((await t.app.inject({ url: "/api/people/erasure-requests", headers: staff })).json()).toEqual([]);
  });

  it("answers an unknown address like a known one, refuses a bad one on the page, and lets staff decline", async () => {
    const token = await tokenFor("nobody@example.org", "erase");
    await visitor("/api/people/requests/confirm", { token, kind: "erase" });
    const [request] = (await t.app.inject({ url: "/api/people/erasure-requests", headers: staff })).json();
    const declined = await t.app.inject({
      method: "POST",
      url: `/api/people/erasure-requests/${request.erasureId}/decline`,
      headers: staff,
      payload: {},
    });
    expect(declined.statusCode).toBe(204);
    expect(readMail(await lastMail()).subject).toBe("Your request to erase your data");
    // Asked in Amharic, declined in Amharic.
    const inAmharic = await tokenFor("abebe@example.org", "erase", "am");
    await visitor("/api/people/requests/confirm", { token: inAmharic, kind: "erase", lang: "am" });
    const [amharic] = (await t.app.inject({ url: "/api/people/erasure-requests", headers: staff })).json();
    const declinedAm = await t.app.inject({
      method: "POST",
      url: `/api/people/erasure-requests/${amharic.erasureId}/decline`,
      headers: staff,
      payload: {},
    });
    expect(declinedAm.statusCode).toBe(204);
    const mail = readMail(await lastMail());
    expect(mail.subject).toBe("መረጃዎን የማጥፋት ጥያቄዎ");
    expect(mail.text).toContain("ሠራተኞቻችን መረጃዎን እስካሁን ማጥፋት አልቻሉም");
    const bad = await visitor("/api/people/requests", { email: "not an address", kind: "export", lang: "en" }, true);
    expect(bad.headers.location).toBe("/your-data?error=email");
    expect((await visitor("/api/people/requests", { email: "x@example.org", kind: "copy" })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: "/api/people/erasure-requests", headers: await t.staffHeaders("editor") })).statusCode,
    ).toBe(403);
  });
});
