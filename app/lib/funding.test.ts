import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults";
import { cardFigures } from "./funding";

describe("cardFigures", () => {
  it("rounds raised / goal to a whole percent for the four needs of spec §9", () => {
    expect(DEFAULT_SITE_CONTENT.home.donationNeeds.map((need) => cardFigures(need).percent)).toEqual([1, 18, 2, 20]);
  });

  it("takes the live figures when the page has them", () => {
    const [need] = DEFAULT_SITE_CONTENT.home.donationNeeds;
    if (!need) throw new Error("no need");
    const fund = {
      id: need.id,
      title: need.title,
      currency: "usd" as const,
      goal: 300000,
      raised: 150000,
      percent: 50,
    };
    expect(cardFigures({ ...need, fund })).toMatchObject({ raised: 150000, percent: 50 });
  });
});
