import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { attachedPdf, imagesOf } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/** The logo uploaded in site content is drawn on receipts (docs/decisions/0891-organisation-logo-on-receipts.md). */
describe.each(DIALECTS)("the organisation's logo on receipts on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let auth: { authorization: string };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => new Date("2026-11-24T10:00:00Z"),
      config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" } },
    });
    auth = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });

  /** Saves and publishes the Contact section with this logo, as the form does. */
  async function publishLogo(logo: unknown) {
    const { revision } = (await call("GET", "/api/site-content/contact")).json<{ revision: number }>();
    const content = { ...DEFAULT_SITE_CONTENT.contact, logo };
    const saved = await call("PUT", "/api/site-content/contact", { revision, content });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call("POST", "/api/site-content/contact/publish", { revision: saved.json().revision });
    expect(published.statusCode, published.body).toBe(200);
  }

  /** A gift with a donor's address, its receipt sent: the PDF attached to that e-mail. */
  async function receiptFor(email: string) {
    const gift = await call("POST", "/api/offline-gifts", {
      receivedOn: "2026-11-20",
      method: "cash",
      amount: "25",
      currency: "usd",
      etbPerUsd: null,
      fund: null,
      donorName: "Selam",
      donorEmail: email,
      reference: null,
      note: null,
    });
    expect(gift.statusCode, gift.body).toBe(201);
    await t.services.jobs.runDue();
    const mail = inbox.messages.find((raw) => raw.includes(`To: ${email}`));
    return attachedPdf(mail as string);
  }

  it("embeds the uploaded logo once published, and the wordmark again once it is removed", async () => {
    expect(imagesOf(await receiptFor("before@example.org"))).toEqual([]);

    // A wide 320 × 160 mark (one width of the ladder), uploaded as the form does: showing no one.
    const png = await sharp({ create: { width: 320, height: 160, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("imageConsent", JSON.stringify({ basis: "no-identifiable-people" }));
    form.append("image", fileBlob(png), "logo.png");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/site-content/images",
      ...(await multipartPayload(form, auth)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const logo = { ...uploaded.json(), alt: "Hope Behind Bars logo" };
    await publishLogo(logo);
    expect((await call("GET", "/api/site-content")).json().contact.logo).toMatchObject({ width: 320, height: 160 });
    // Its description is printed on English receipts only: nothing to translate.
    const amharic = (await call("GET", "/api/site-content/contact/translations/am")).json<{
      fields: { path: string }[];
    }>();
    expect(amharic.fields.length).toBeGreaterThan(0);
    expect(amharic.fields.filter((field) => field.path.startsWith("logo"))).toEqual([]);

    // Converted to a PNG the logo box's size (34 × 36 points, 4 pixels a point): 136 × 68.
    expect(imagesOf(await receiptFor("with-logo@example.org"))).toEqual([
      { width: 136, height: 68, filter: "FlateDecode" },
    ]);

    await publishLogo(null);
    expect(imagesOf(await receiptFor("after@example.org"))).toEqual([]);
  });
});
