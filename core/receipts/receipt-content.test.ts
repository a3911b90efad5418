import { describe, expect, it } from "vitest";
import { receiptDocument } from "./receipt-content.ts";

const MONTHLY: Parameters<typeof receiptDocument>[0] = {
  id: "r1",
  number: "2026-0042",
  year: 2026,
  payment_id: "p1",
  offline_gift_id: null,
  donor_email: "selam@example.org",
  donor_name: "Selam",
  gift_date: "2026-11-05",
  amount_minor: 1500,
  currency: "usd",
  fund_id: null,
  fund_title: null,
  frequency: "monthly",
  issued_at: "2026-11-05T08:00:00.000Z",
  sent_count: 0,
  voided_at: null,
  method: null,
  reference: null,
};
const ORGANISATION = {
  name: "Hope Behind Bars",
  address: ["Addis Ababa"],
  email: "info@hopebehindbars.org",
  registrationNumber: "",
};

describe("receipt content", () => {
  it("sends a monthly donor to Stripe's customer portal when there is one", () => {
    const document = receiptDocument(MONTHLY, ORGANISATION, { portalUrl: "https://billing.stripe.com/p/login/test" });
    expect(document.statements).toContain(
      "To change the amount or stop your monthly gift, use Stripe's customer portal: https://billing.stripe.com/p/login/test",
    );
    expect(document.lines).toContainEqual(["For", "Where most needed"]);
  });

  it("asks for a reply without one, and says nothing of it to a one-time donor", () => {
    expect(receiptDocument(MONTHLY, ORGANISATION).statements.at(-1)).toBe(
      "To change the amount or stop your monthly gift, reply to this e-mail or write to info@hopebehindbars.org.",
    );
    const once = receiptDocument({ ...MONTHLY, frequency: "one-time" }, ORGANISATION);
    expect(once.statements.join(" ")).not.toContain("monthly");
  });

  it("says how an offline gift came and its reference, as staff recorded them", () => {
    const offline = receiptDocument(
      {
        ...MONTHLY,
        frequency: "offline",
        payment_id: null,
        offline_gift_id: "g1",
        method: "cheque",
        reference: "CHQ 004512",
      },
      ORGANISATION,
    );
    expect(offline.lines).toEqual([
      ["Receipt number", "2026-0042"],
      ["Received from", "Selam"],
      ["Date of gift", "2026-11-05"],
      ["Amount", "$15"],
      ["For", "Where most needed"],
      ["Frequency", "One-time gift"],
      ["Received by", "Cheque"],
      ["Reference", "CHQ 004512"],
    ]);
    // A receipt issued before methods were kept says what it always said.
    const older = receiptDocument({ ...MONTHLY, frequency: "offline" }, ORGANISATION);
    expect(older.lines.at(-1)).toEqual(["Frequency", "One-time gift (bank, cash or cheque)"]);
  });
});

describe("a receipt for a gift whose donor covered the fees", () => {
  it("names the gift, what was added to cover the fees and the total paid, apart", () => {
    const covered = receiptDocument(
      { ...MONTHLY, frequency: "one-time", amount_minor: 100000, fee_cover_minor: 3000, currency: "etb" },
      ORGANISATION,
    );
    expect(covered.lines).toEqual([
      ["Receipt number", "2026-0042"],
      ["Received from", "Selam"],
      ["Date of gift", "2026-11-05"],
      ["Amount", "ETB 1,000"],
      ["Added to cover fees", "ETB 30"],
      ["Total paid", "ETB 1,030"],
      ["For", "Where most needed"],
      ["Frequency", "One-time gift"],
    ]);
    // Without a cover (or on a receipt from before covers were kept) nothing is added.
    expect(receiptDocument({ ...MONTHLY, fee_cover_minor: 0 }, ORGANISATION).lines.map(([label]) => label)).toEqual([
      "Receipt number",
      "Received from",
      "Date of gift",
      "Amount",
      "For",
      "Frequency",
    ]);
  });
});
