import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { attachedPdf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const NOW = new Date("2026-11-24T10:00:00Z");

/** Receipt numbers stay gap-free, a late e-mail gets a receipt, totals count offline gifts
 * (docs/decisions/0461-void-receipts.md). */
describe.each(DIALECTS)("offline gifts' receipts and totals on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let auth: { authorization: string };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => NOW,
      config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" } },
    });
    auth = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const gift = (overrides: Record<string, unknown> = {}) => ({
    receivedOn: "2026-11-20",
    method: "bank-transfer",
    amount: "15550",
    currency: "etb",
    etbPerUsd: "155.5",
    fund: null,
    donorName: "Abeba",
    donorEmail: null,
    reference: "FT1",
    note: null,
    ...overrides,
  });
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });
  const record = async (overrides: Record<string, unknown> = {}) => {
    const response = await call("POST", "/api/offline-gifts", gift(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string; receiptId: string | null }>()._id;
  };
  const receipts = () =>
    t.database.db.selectFrom("receipts").select(["number", "offline_gift_id", "voided_at"]).orderBy("number").execute();
  const numbers = async () => (await receipts()).map((r) => r.number);
  const mailTo = (address: string) => inbox.messages.filter((raw) => raw.includes(`To: ${address}`));

  it("voids a deleted gift's receipt instead of deleting it: the year's numbers keep no gap", async () => {
    const first = await record({ donorEmail: "first@example.org" });
    await record({ donorEmail: "second@example.org", amount: "311", currency: "usd", etbPerUsd: null });
    expect(await numbers()).toEqual(["2026-0001", "2026-0002"]);

    expect((await call("DELETE", `/api/offline-gifts/${first}`)).statusCode).toBe(204);
    // The receipt is still there, with its number, void; the gift is gone from lists and totals.
    expect(await receipts()).toMatchObject([
      { number: "2026-0001", voided_at: NOW.toISOString() },
      { number: "2026-0002", voided_at: null },
    ]);
    const listed = (await call("GET", "/api/offline-gifts")).json<Array<{ _id: string }>>();
    expect(listed.map((g) => g._id)).not.toContain(first);
    expect((await call("PUT", `/api/offline-gifts/${first}`, gift())).statusCode).toBe(404);
    expect((await call("DELETE", `/api/offline-gifts/${first}`)).statusCode).toBe(404);
    const voided = (await call("GET", "/api/receipts/void")).json();
    expect(voided).toMatchObject([
      {
        number: "2026-0001",
        donorEmail: "first@example.org",
        amountMinor: 1555000,
        currency: "etb",
        voidedBy: "staff@hopebehindbars.test",
      },
    ]);
    // Its PDF says so; it is not sent again, and no statement counts it.
    const pdf = await call("GET", `/api/receipts/${voided[0]._id}/pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain("Receipt 2026-0001 — VOID");
    expect((await call("POST", `/api/receipts/${voided[0]._id}/resend`)).statusCode).toBe(409);
    const statements = (await call("GET", "/api/statements/2026")).json();
    expect(JSON.stringify(statements)).not.toContain("first@example.org");
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("entity_id", "=", first)
      .where("action", "=", "delete")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes).values).toEqual({ voidedReceipt: "2026-0001" });

    // The next gift takes the next number: 0001 is never given again.
    await record({ donorEmail: "third@example.org" });
    expect(await numbers()).toEqual(["2026-0001", "2026-0002", "2026-0003"]);
    // A deleted gift's receipt, queued before it went out, is not sent.
    await t.services.jobs.runDue();
    expect(mailTo("first@example.org")).toHaveLength(0);
    expect(mailTo("third@example.org")).toHaveLength(1);
  });

  it("issues a receipt, once, when an e-mail address is added to a gift later", async () => {
    const id = await record({ donorName: "Later", reference: "FT-LATER" });
    const before = (await receipts()).length;
    expect((await call("PUT", `/api/offline-gifts/${id}`, gift({ donorName: "Later" }))).statusCode).toBe(200);
    expect((await receipts()).length).toBe(before); // still no address: no receipt

    const withEmail = gift({ donorName: "Later", donorEmail: "later@example.org" });
    const updated = await call("PUT", `/api/offline-gifts/${id}`, withEmail);
    expect(updated.statusCode).toBe(200);
    expect((await receipts()).filter((r) => r.offline_gift_id === id)).toHaveLength(1);
    // Saving again (another change) issues no second receipt.
    await call("PUT", `/api/offline-gifts/${id}`, { ...withEmail, note: "checked" });
    expect((await receipts()).filter((r) => r.offline_gift_id === id)).toHaveLength(1);
    await t.services.jobs.runDue();
    expect(mailTo("later@example.org")).toHaveLength(1);
    const listed = (await call("GET", "/api/offline-gifts")).json<Array<{ _id: string; receiptId: string }>>();
    expect(listed.find((g) => g._id === id)?.receiptId).toEqual(expect.any(String));
  });

  it("prints how the gift came, its reference, the registration number, and the donor's name once", async () => {
    const contact = { ...DEFAULT_SITE_CONTENT.contact, registrationNumber: "ChSA 1234/2019" };
    const saved = await call("PUT", "/api/site-content/contact", { revision: 0, content: contact });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call("POST", "/api/site-content/contact/publish", { revision: 1 })).statusCode).toBe(200);
    await record({
      donorName: "Tsion Bekele",
      donorEmail: "tsion@example.org",
      method: "cheque",
      reference: "CHQ 004512",
      amount: "120",
      currency: "usd",
      etbPerUsd: null,
    });
    await t.services.jobs.runDue();
    const [mail] = mailTo("tsion@example.org");
    const text = await pdfText(attachedPdf(mail as string));
    expect(text).toContain("Hope Behind Bars Registration no. ChSA 1234/2019");
    expect(text).toContain("Received from Tsion Bekele");
    expect(text).toContain("Frequency One-time gift Received by Cheque Reference CHQ 004512");
    expect(text.split("Tsion Bekele")).toHaveLength(2);
  });

  it("counts offline gifts in the ledger's tiles and CSV, in dollars, never unconverted birr", async () => {
    const before = (await call("GET", "/api/donations")).json().totals;
    // A card gift of $40 and an offline gift of ETB 15,550 at 155.5 (= $100), this month.
    const { id } = await t.services.donations.createCheckout({ amount: 40, frequency: "one-time" });
    await t.services.donations.completeSandboxCheckout(id, { email: "card@example.org" });
    await record({ donorEmail: "etb@example.org", receivedOn: "2026-11-23", reference: "FT-ETB" });
    const { totals } = (await call("GET", "/api/donations")).json();
    expect(totals.thisMonthCents - before.thisMonthCents).toBe(4000 + 10000);
    expect(totals.last12MonthsCents - before.last12MonthsCents).toBe(4000 + 10000);
    expect(totals.currency).toBe("usd");

    const csv = (await call("GET", "/api/donations/export.csv")).body.replace(/^\uFEFF/, "").split("\r\n");
    expect(csv[0]).toBe(
      "Created,Paid,Donor email,Donor name,Amount,Currency,Frequency,Status,Payments,Received (net of refunds),Provider,Id,Method,For,ETB per USD,USD value,Fee cover received",
    );
    const etb = csv.find((line) => line.includes("etb@example.org")) as string;
    expect(etb).toContain(",2026-11-23,etb@example.org,Abeba,15550.00,ETB,offline,received,1,15550.00,,");
    expect(etb).toMatch(/,bank transfer,Where most needed,155\.5,100\.00,0\.00$/);
    const card = csv.find((line) => line.includes("card@example.org")) as string;
    expect(card).toMatch(/,40\.00,USD,one-time,paid,1,40\.00,sandbox,[\w-]+,card,Where most needed,,40\.00,0\.00$/);
    // Deleted gifts are not exported.
    expect(csv.some((line) => line.includes("first@example.org"))).toBe(false);
  });
});
