import { describe, expect, it } from "vitest";
import { type DonationReceipt, receiptView } from "./donations.schema.ts";

const paid: DonationReceipt = {
  amountCents: 2500,
  feeCoverCents: 0,
  currency: "usd",
  frequency: "one-time",
  status: "paid",
  fund: "ECCD Package",
  fundId: "eccd-package",
  hasDonorEmail: true,
};

describe("the thank-you page's view of a gift", () => {
  it("names the fund and says a receipt is coming when the gift is paid, we have the address and the site sends e-mail", () => {
    expect(receiptView(paid, { sendsEmail: true })).toEqual({
      status: "paid",
      amount: "$25",
      feeCover: null,
      frequency: "one-time",
      fund: "ECCD Package",
      receiptByEmail: true,
      inBirr: false,
    });
  });

  it("says a gift in birr is confirmed with Chapa rather than a card provider", () => {
    expect(
      receiptView({ ...paid, amountCents: 100000, currency: "etb", status: "pending" }, { sendsEmail: true }),
    ).toEqual({
      status: "pending",
      amount: "ETB 1,000",
      feeCover: null,
      frequency: "one-time",
      fund: "ECCD Package",
      receiptByEmail: false,
      inBirr: true,
    });
  });

  it("promises no receipt without an address, without e-mail, or before the gift is paid", () => {
    expect(receiptView({ ...paid, hasDonorEmail: false }, { sendsEmail: true }).receiptByEmail).toBe(false);
    expect(receiptView(paid, { sendsEmail: false }).receiptByEmail).toBe(false);
    expect(receiptView({ ...paid, status: "pending" }, { sendsEmail: true }).receiptByEmail).toBe(false);
  });

  it("says where most needed when no fund was chosen", () => {
    expect(receiptView({ ...paid, fund: null }, { sendsEmail: true }).fund).toBeNull();
  });

  it("names what the donor added to cover the fees", () => {
    expect(receiptView({ ...paid, feeCoverCents: 75 }, { sendsEmail: true }).feeCover).toBe("$0.75");
  });
});
