import { describe, expect, it } from "vitest";
import type { Donation } from "../../../../core/donations/donations.schema";
import { cardRow } from "./ledger-rows";

const birrGift: Donation = {
  _id: "d1",
  provider: "chapa",
  frequency: "one-time",
  status: "paid",
  amountCents: 200000,
  feeCoverCents: 0,
  currency: "etb",
  donorEmail: "selam@example.org",
  donorName: "Selam",
  fundId: null,
  method: "telebirr",
  receiptId: null,
  paymentCount: 1,
  receivedCents: 200000,
  receivedFeeCoverCents: 0,
  receivedUsdCents: 1250,
  etbPerUsd: "160",
  createdAt: "2026-11-28T07:00:00.000Z",
  paidAt: "2026-11-28T07:05:00.000Z",
  endedAt: null,
  test: false,
  tribute: null,
};

describe("a birr gift's line in the ledger", () => {
  it("shows what it received in birr with its dollar value and rate", () => {
    expect(cardRow(birrGift).received).toBe("ETB 2,000 in 1 payment ($12.50 at 160)");
  });

  it("says a gift paid before any rate was set has no dollar value yet", () => {
    expect(cardRow({ ...birrGift, receivedUsdCents: null, etbPerUsd: null }).received).toBe(
      "ETB 2,000 in 1 payment (no dollar rate yet)",
    );
  });

  it("adds nothing to a dollar gift", () => {
    expect(
      cardRow({ ...birrGift, provider: "stripe", currency: "usd", receivedCents: 2500, receivedUsdCents: 2500 })
        .received,
    ).toBe("$25 in 1 payment");
  });

  it("shows what the donor added to cover the fees apart from the gift", () => {
    const covered = { ...birrGift, feeCoverCents: 6000, receivedFeeCoverCents: 6000 };
    expect(cardRow(covered).detail).toBe(" one-time + ETB 60 to cover fees");
    expect(cardRow(covered).received).toBe("ETB 2,000 in 1 payment + ETB 60 to cover fees ($12.50 at 160)");
  });
});
