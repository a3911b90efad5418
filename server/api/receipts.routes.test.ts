import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { attachedPdf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const NOW = new Date("2026-11-22T10:00:00Z");

/** The plain-text part, as a mail client shows it. */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.each(DIALECTS)("donor receipts on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let auth: { authorization: string };
  let visitor = 0;

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => NOW,
      config: {
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Hope Behind Bars <giving@hopebehindbars.test>" },
      },
    });
    auth = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const mailTo = (address: string) => inbox.messages.filter((raw) => raw.includes(`To: ${address}`));

  it("sends a transfer notice's donor a numbered receipt with a PDF once staff confirm it", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/pledges",
      remoteAddress: `10.50.0.${++visitor}`,
      payload: {
        name: "Dawit Alemu",
        email: "dawit@example.org",
        amount: "3110",
        currency: "etb",
        transferredOn: "2026-11-21",
        bankReference: "FT26325QWE",
      },
    });
    const [pledge] = (await t.app.inject({ url: "/api/pledges", headers: auth })).json();
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/api/pledges/${pledge._id}/confirm`,
      headers: auth,
      payload: { receivedOn: "2026-11-22", etbPerUsd: "155.5", fund: "eccd-package" },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The receipt job renders it, then the e-mail job sends it.
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const [raw] = mailTo("dawit@example.org");
    if (!raw) throw new Error("no receipt e-mail");
    expect(raw).toContain("Subject: Your receipt 2026-0001 from Hope Behind Bars");
    const text = await pdfText(attachedPdf(raw));
    expect(text).toContain("Receipt 2026-0001");
    expect(text).toContain("ETB 3,110");
    expect(text).toContain("ECCD Package");
    expect(text).toContain("Dawit Alemu");
    expect(text).toContain("No goods or services were provided in exchange for this gift.");
    expect(plain(raw)).toContain("ETB 3,110");
  });

  it("numbers receipts in sequence per year: a paid card gift gets the next one, a monthly one says how to stop", async () => {
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 15, frequency: "monthly" },
      remoteAddress: `10.50.0.${++visitor}`,
    });
    await t.services.donations.completeSandboxCheckout(opened.json().id, { email: "selam@example.org", name: "Selam" });
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const [raw] = mailTo("selam@example.org");
    if (!raw) throw new Error("no receipt e-mail");
    const text = await pdfText(attachedPdf(raw));
    expect(text).toContain("Receipt 2026-0002");
    expect(text).toContain("$15");
    expect(text).toContain("Monthly gift");
    expect(text).toContain("To change the amount or stop your monthly gift, reply to this e-mail");
  });

  it("gives no receipt to a gift without an e-mail address, and resends one on staff's request", async () => {
    const before = inbox.messages.length;
    await t.app.inject({
      method: "POST",
      url: "/api/offline-gifts",
      headers: auth,
      payload: { receivedOn: "2026-11-22", method: "cash", amount: "20", currency: "usd" },
    });
    await t.services.jobs.runDue();
    expect(inbox.messages.length).toBe(before);

    const gifts = (await t.app.inject({ url: "/api/offline-gifts", headers: auth })).json();
    const confirmedGift = gifts.find((gift: { donorEmail: string | null }) => gift.donorEmail === "dawit@example.org");
    expect(confirmedGift.receiptId).toEqual(expect.any(String));
    const resent = await t.app.inject({
      method: "POST",
      url: `/api/receipts/${confirmedGift.receiptId}/resend`,
      headers: auth,
    });
    expect(resent.statusCode).toBe(204);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const sent = mailTo("dawit@example.org");
    expect(sent).toHaveLength(2);
    expect(await pdfText(attachedPdf(sent[1] as string))).toContain("Receipt 2026-0001");
  });

  it("makes a year-end statement per donor e-mail and sends them all as one run with its progress", async () => {
    const list = await t.app.inject({ url: "/api/statements/2026", headers: auth });
    expect(list.statusCode).toBe(200);
    const statements = list.json();
    expect(statements.map((s: { email: string }) => s.email)).toEqual(["dawit@example.org", "selam@example.org"]);
    expect(statements[0]).toMatchObject({ totals: [{ currency: "etb", minor: 311000 }] });

    const pdf = await t.app.inject({ url: "/api/statements/2026/pdf?email=dawit@example.org", headers: auth });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Giving statement 2026");
    expect(text).toContain("ETB 3,110");
    expect(text).toContain("2026-0001");

    const before = inbox.messages.length;
    const started = await t.app.inject({ method: "POST", url: "/api/statements/2026/send", headers: auth });
    expect(started.statusCode).toBe(202);
    const { batch } = started.json();
    expect((await t.app.inject({ url: `/api/statements/runs/${batch}`, headers: auth })).json()).toMatchObject({
      status: "queued",
      sent: 0,
    });
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect((await t.app.inject({ url: `/api/statements/runs/${batch}`, headers: auth })).json()).toEqual({
      status: "done",
      sent: 2,
      of: 2,
    });
    const statementsSent = inbox.messages.slice(before).filter((raw) => raw.includes("giving statement"));
    expect(statementsSent).toHaveLength(2);
  });
});
