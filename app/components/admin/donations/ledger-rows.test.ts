import { describe, expect, it } from "vitest";
import { filterRows, type LedgerRow, NO_FILTERS } from "./ledger-rows";

const row = (key: string, change: Partial<LedgerRow>): LedgerRow => ({
  key,
  date: "2026-11-02T08:00:00.000Z",
  method: "card",
  status: "paid",
  fundId: null,
  donorName: null,
  donorEmail: null,
  amount: "$10",
  detail: "",
  received: "",
  receiptId: null,
  test: false,
  ...change,
});

describe("ledger filters", () => {
  const rows = [
    row("old", { date: "2025-06-01T08:00:00.000Z" }),
    row("card", { fundId: "eccd-package" }),
    row("offline", { method: "offline", status: "received", date: "2026-11-20" }),
    row("refunded", { status: "refunded", date: "2026-01-15T08:00:00.000Z" }),
  ];
  const now = new Date("2026-11-22T10:00:00Z");
  const keys = (filters: Partial<typeof NO_FILTERS>) =>
    filterRows(rows, { ...NO_FILTERS, ...filters }, now).map((r) => r.key);

  it("keeps everything, newest first, with no filter", () => {
    expect(keys({})).toEqual(["offline", "card", "refunded", "old"]);
  });

  it("filters by period, need, method and status", () => {
    expect(keys({ period: "month" })).toEqual(["offline", "card"]);
    expect(keys({ period: "year" })).toEqual(["offline", "card", "refunded"]);
    expect(keys({ fund: "eccd-package" })).toEqual(["card"]);
    expect(keys({ fund: "none" })).toEqual(["offline", "refunded", "old"]);
    expect(keys({ method: "offline" })).toEqual(["offline"]);
    expect(keys({ status: "refunded" })).toEqual(["refunded"]);
  });
});
