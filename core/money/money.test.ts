import { describe, expect, it } from "vitest";
import {
  etbToUsd,
  formatMajor,
  formatMoney,
  formatWholeMoney,
  inReportingCurrency,
  parseAmount,
  parseEtbPerUsd,
  percentBeyond,
  percentOf,
  shareOf,
  toMajor,
  toMajorDecimal,
  toMajorText,
  toMinor,
} from "./money.ts";

describe("money", () => {
  it("formats minor units with their currency; whole amounts drop the decimals", () => {
    expect(formatMoney(123450, "usd")).toBe("$1,234.50");
    expect(formatMoney(1500, "usd")).toBe("$15");
    expect(formatMoney(150000, "etb")).toBe("ETB 1,500");
    expect(formatMoney(150025, "etb")).toBe("ETB 1,500.25");
    expect(formatWholeMoney(300099)).toBe("$3,000");
  });

  it("turns major units into minor ones only when no precision is lost", () => {
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(3000)).toBe(300000);
    expect(toMinor(1.005)).toBeUndefined();
    expect(toMinor(Number.NaN)).toBeUndefined();
  });

  it("parses typed amounts without floating point", () => {
    expect(parseAmount("1,500.25", "etb")).toBe(150025);
    expect(parseAmount("0.1")).toBe(10);
    expect(parseAmount("15")).toBe(1500);
    expect(parseAmount("1.234")).toBeUndefined();
    expect(parseAmount("-5")).toBeUndefined();
    expect(parseAmount("abc")).toBeUndefined();
    expect(toMajorText(150025)).toBe("1500.25");
    expect(toMajorText(1500)).toBe("15");
    expect(toMajorText(1505)).toBe("15.05");
    expect(toMajorText(1550, "usd")).toBe("15.50");
  });

  it("writes the plain decimals a spreadsheet column and a rule in major units need", () => {
    expect(toMajorDecimal(1500)).toBe("15.00");
    expect(toMajorDecimal(150025, "etb")).toBe("1500.25");
    expect(toMajorDecimal(5)).toBe("0.05");
    expect(toMajorDecimal(-350)).toBe("-3.50");
    expect(toMajorDecimal(0)).toBe("0.00");
    expect(toMajor(1550, "usd")).toBe(15.5);
    expect(toMajor(100000000)).toBe(1000000);
  });

  it("formats an amount typed or preset in major units like one in minor units", () => {
    expect(formatMajor(25)).toBe("$25");
    expect(formatMajor(19.99)).toBe("$19.99");
    expect(formatMajor(1500)).toBe("$1,500");
  });

  it("converts birr to US cents at the rate of the day, rounding half up", () => {
    expect(parseEtbPerUsd("155.5")).toBe("155.5");
    expect(parseEtbPerUsd("0")).toBeUndefined();
    expect(parseEtbPerUsd("1.1234567")).toBeUndefined();
    // 15,550 birr at 155.5 birr per dollar is exactly $100.
    expect(etbToUsd(1_555_000, "155.5")).toBe(10_000);
    // 1 birr at 155.5 per dollar is 0.643 cents: rounds to 1.
    expect(etbToUsd(100, "155.5")).toBe(1);
    expect(etbToUsd(77, "155.5")).toBe(0);
    expect(inReportingCurrency({ minor: 2500, currency: "usd" }, null)).toBe(2500);
    expect(() => inReportingCurrency({ minor: 2500, currency: "etb" }, null)).toThrow(RangeError);
  });

  it("gives the share of a goal as a whole percent, capped at 100", () => {
    expect(percentOf(4_000, 300_000)).toBe(1);
    expect(percentOf(150_000, 300_000)).toBe(50);
    expect(percentOf(900_000, 300_000)).toBe(100);
    expect(percentBeyond(900_000, 300_000)).toBe(300);
    expect(percentBeyond(150_000, 300_000)).toBe(50);
    expect(percentBeyond(10, 0)).toBe(0);
    expect(percentOf(-10, 300_000)).toBe(0);
    expect(percentOf(10, 0)).toBe(0);
  });

  it("takes a whole percent of minor units, rounded half up, without floating point", () => {
    expect(shareOf(5000, 3)).toBe(150);
    expect(shareOf(1050, 3)).toBe(32); // 31.5 → 32
    expect(shareOf(1, 3)).toBe(0);
    expect(shareOf(100000, 0)).toBe(0);
    expect(shareOf(100_000_000, 20)).toBe(20_000_000);
  });
});
