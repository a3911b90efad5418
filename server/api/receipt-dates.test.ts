import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { attachedPdf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * A receipt is dated in Addis Ababa, where the charity keeps its books: a gift made just after
 * midnight there on 1 January, still 31 December in UTC, belongs to the new year.
 */
describe.each(DIALECTS)("receipt dates on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let now = new Date("2026-12-31T20:59:00Z"); // 23:59 in Addis Ababa

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => now,
      config: {
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Hope Behind Bars <giving@hopebehindbars.test>" },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  async function giveAndReceipt(email: string): Promise<string> {
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 25, frequency: "one-time" },
      remoteAddress: `10.51.0.${inbox.messages.length + 1}`,
    });
    await t.services.donations.completeSandboxCheckout(opened.json().id, { email, name: "Hirut" });
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const raw = inbox.messages.find((message) => message.includes(`To: ${email}`));
    if (!raw) throw new Error(`no receipt e-mail to ${email}`);
    return pdfText(attachedPdf(raw));
  }

  it("dates a gift one minute before midnight in Addis Ababa on 31 December, in that year", async () => {
    const text = await giveAndReceipt("late@example.org");
    expect(text).toContain("Receipt 2026-0001");
    expect(text).toContain("2026-12-31");
  });

  it("dates a gift one minute after midnight in Addis Ababa (still 31 December in UTC) on 1 January, numbered in the new year", async () => {
    now = new Date("2026-12-31T21:01:00Z"); // 00:01 on 1 January 2027 in Addis Ababa
    const text = await giveAndReceipt("early@example.org");
    expect(text).toContain("Receipt 2027-0001");
    expect(text).toContain("2027-01-01");
    expect(text).not.toContain("2026-12-31");
  });
});
