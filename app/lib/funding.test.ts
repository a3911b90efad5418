import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults";
import { formatUsd, fundedPercent } from "./funding";

describe("fundedPercent", () => {
  it("rounds raised / goal to a whole percent for the four needs of spec §9", () => {
    expect(DEFAULT_SITE_CONTENT.home.donationNeeds.map((need) => fundedPercent(need.raised, need.goal))).toEqual([
      1, 18, 2, 20,
    ]);
  });

  it("never exceeds 100 % and treats a missing goal as nothing funded", () => {
    expect(fundedPercent(4500, 3000)).toBe(100);
    expect(fundedPercent(10, 0)).toBe(0);
  });
});

describe("formatUsd", () => {
  it("writes whole dollars with thousands separators", () => {
    expect(formatUsd(10000)).toBe("$10,000");
    expect(formatUsd(15)).toBe("$15");
  });
});
