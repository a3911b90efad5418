import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../site-content/site-content.defaults.ts";
import { HomeContentSchema } from "../site-content/site-content.schema.ts";

describe("need cards as funds", () => {
  it("reads a card saved before funds were live: its `raised` is the opening balance", () => {
    const home = DEFAULT_SITE_CONTENT.home;
    const legacy = home.donationNeeds.map(({ openingBalance, ...need }) => ({ ...need, raised: openingBalance }));
    const parsed = HomeContentSchema.parse({ ...home, donationNeeds: legacy });
    expect(parsed.donationNeeds.map((need) => [need.id, need.openingBalance])).toEqual([
      ["eccd-package", 40],
      ["vocational-training-machine", 900],
      ["life-skill-training", 215],
      ["health-care-kits", 607],
    ]);
    expect(parsed.donationNeeds[0]).not.toHaveProperty("raised");
  });
});
