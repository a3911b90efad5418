import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { attachedPdf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

type Json = Record<string, unknown>;
type Need = Json & { id: string; thankYouMessage?: string };

const ENGLISH = "Thank you! Your gift buys crayons & <b>books</b> for the children.\nWe will write in spring.";
// Amharic: "Thank you! Your gift buys books for the children."
const AMHARIC = "እናመሰግናለን! ስጦታዎ ለልጆቹ መጽሐፍት ይገዛል።";

/**
 * A fund's thank-you message (docs/decisions/0840): written by staff on the need card (English) and
 * in its Amharic version, audited like every site-content edit, shown on the thank-you page in the
 * page's language and in the receipt (e-mail and PDF) in the donor's; nothing when it is not set.
 */
describe.each(DIALECTS)("a fund's thank-you message on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let headers: { authorization: string };
  let fund: string;
  let other: string;

  const call = async (method: "GET" | "PUT" | "POST", url: string, payload?: Json) =>
    payload === undefined
      ? await t.app.inject({ method, url, headers })
      : await t.app.inject({ method, url, headers, payload });

  async function saveHome(change: (needs: Need[]) => Need[]) {
    const editor = (await call("GET", "/api/site-content/home")).json<{ draft: Json; revision: number }>();
    const needs = change(editor.draft.donationNeeds as Need[]);
    const saved = await call("PUT", "/api/site-content/home", {
      revision: editor.revision,
      content: { ...editor.draft, donationNeeds: needs },
    });
    if (saved.statusCode !== 200) return saved;
    const published = await call("POST", "/api/site-content/home/publish", { revision: saved.json().revision });
    expect(published.statusCode, published.body).toBe(200);
    return saved;
  }

  async function saveAmharic(fields: Record<string, string>) {
    const editor = (await call("GET", "/api/site-content/home/translations/am")).json<{ revision: number }>();
    const saved = await call("PUT", "/api/site-content/home/translations/am", { revision: editor.revision, fields });
    if (saved.statusCode !== 200) return saved;
    const published = await call("POST", "/api/site-content/home/translations/am/publish", {
      revision: saved.json().revision,
    });
    expect(published.statusCode, published.body).toBe(200);
    return saved;
  }

  /** A paid sandbox gift to `fundId`, given from a page in `lang`; its checkout session id. */
  async function give(fundId: string, lang: "en" | "am", email: string, extra: Json = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 20, frequency: "one-time", fund: fundId, lang, ...extra },
      remoteAddress: visitorIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: string }>();
    await t.services.donations.completeSandboxCheckout(id, { email, name: "Meron" });
    return id;
  }

  const receiptTo = async (address: string) => {
    await t.services.jobs.runDue();
    const raw = inbox.messages.find((message) => message.includes(`To: ${address}`));
    if (!raw) throw new Error(`no e-mail to ${address}`);
    return { mail: readMail(raw), pdf: await pdfText(attachedPdf(raw)) };
  };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" } },
    });
    headers = await t.adminHeaders();
    const saved = await saveHome((needs) =>
      needs.map((need, index) => (index === 0 ? { ...need, thankYouMessage: `  ${ENGLISH}  ` } : need)),
    );
    const needs = saved.json<{ draft: { donationNeeds: Need[] } }>().draft.donationNeeds;
    fund = needs[0]?.id as string;
    other = needs[1]?.id as string;
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  it("is saved on the need card, trimmed, audited as an edit of the home section, and limited in length", async () => {
    const audited = () =>
      t.database.db
        .selectFrom("audit_log")
        .select("id")
        .where("entity", "=", "site-content")
        .where("entity_id", "=", "home")
        .where("action", "=", "update")
        .execute();
    const before = (await audited()).length;
    await saveHome((needs) =>
      needs.map((need, index) => (index === 2 ? { ...need, thankYouMessage: "Thank you for the blankets." } : need)),
    );
    expect((await audited()).length).toBe(before + 1);
    const editor = (await call("GET", "/api/site-content/home")).json<{ draft: { donationNeeds: Need[] } }>();
    expect(editor.draft.donationNeeds[0]?.thankYouMessage).toBe(ENGLISH);
    expect(editor.draft.donationNeeds[1]?.thankYouMessage).toBe("");

    const tooLong = await saveHome((needs) =>
      needs.map((need, index) => (index === 1 ? { ...need, thankYouMessage: "x".repeat(301) } : need)),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain("Thank-you message: please keep this under 300 characters");

    // Its Amharic is a text of the section's Amharic version, held to the same limit.
    const fields = (await call("GET", "/api/site-content/home/translations/am")).json<{
      fields: Array<{ key: string; english: string }>;
    }>().fields;
    expect(fields.find((field) => field.key === `donationNeeds.${fund}.thankYouMessage`)?.english).toBe(ENGLISH);
    expect(fields.some((field) => field.key === `donationNeeds.${other}.thankYouMessage`)).toBe(false);
    const amharicTooLong = await saveAmharic({ [`donationNeeds.${fund}.thankYouMessage`]: "ል".repeat(301) });
    expect(amharicTooLong.statusCode).toBe(400);
  });

  it("is read in the page's language: the English where its Amharic is missing, marked; none when not set", async () => {
    // The thank-you page's loader asks exactly this (the journey checks the page itself).
    expect(await t.services.funds.thankYouMessage(fund, "en")).toEqual({ text: ENGLISH, english: false });
    expect(await t.services.funds.thankYouMessage(fund, "am")).toEqual({ text: ENGLISH, english: true });
    expect((await saveAmharic({ [`donationNeeds.${fund}.thankYouMessage`]: AMHARIC })).statusCode).toBe(200);
    expect(await t.services.funds.thankYouMessage(fund, "am")).toEqual({ text: AMHARIC, english: false });
    expect(await t.services.funds.thankYouMessage(fund, "en")).toEqual({ text: ENGLISH, english: false });
    expect(await t.services.funds.thankYouMessage(other, "en")).toBeUndefined();
    expect(await t.services.funds.thankYouMessage("no-such-fund", "am")).toBeUndefined();
    // The thank-you page finds the fund from the gift itself.
    const session = await give(fund, "en", "page@example.org");
    expect((await t.services.donations.receiptOnReturn(session))?.fundId).toBe(fund);
  });

  it("is in the receipt e-mail and PDF in the donor's language, and absent when the fund has none", async () => {
    await saveAmharic({ [`donationNeeds.${fund}.thankYouMessage`]: AMHARIC });
    await give(fund, "en", "receipt-en@example.org");
    await give(fund, "am", "receipt-am@example.org", { tribute: { kind: "memory", name: "Abebe" } });
    await give(other, "am", "receipt-none@example.org");

    const english = await receiptTo("receipt-en@example.org");
    expect(english.mail.text).toContain("A message from Hope Behind Bars:");
    expect(english.mail.text).toContain("We will write in spring.");
    expect(english.mail.html).toContain("crayons &amp; &lt;b&gt;books&lt;/b&gt;");
    expect(english.pdf).toContain("A message from Hope Behind Bars");
    expect(english.pdf).toContain("We will write in spring.");

    const amharic = await receiptTo("receipt-am@example.org");
    expect(amharic.mail.text).toContain(AMHARIC);
    expect(amharic.mail.text).not.toContain("We will write in spring.");
    // The tribute line too is in the donor's language (the catalogue's "ለ{name} መታሰቢያ").
    expect(amharic.mail.text).toContain("ለAbebe መታሰቢያ");
    expect(amharic.pdf).toContain("ለAbebe መታሰቢያ".replace(/\s+/g, " "));
    expect(amharic.pdf).toContain("መጽሐፍት");

    const none = await receiptTo("receipt-none@example.org");
    expect(none.mail.text).not.toContain("A message from");
    expect(none.pdf).not.toContain("A message from");
  });
});
