import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../../core/site-content/site-content.defaults";
import { initialSelection } from "./card-donation-form";

describe("the pop-up's reset rule for the amount (spec §4)", () => {
  it.each([
    [undefined, { preset: 50, custom: "" }],
    [25, { preset: 25, custom: "" }],
    [50, { preset: 50, custom: "" }],
    [100, { preset: 100, custom: "" }],
    [15, { preset: null, custom: "15" }],
    [10, { preset: null, custom: "10" }],
    [12.5, { preset: null, custom: "12.5" }],
    [0, { preset: 50, custom: "" }],
    [Number.NaN, { preset: 50, custom: "" }],
  ])("opened with %s → %o", (amount, expected) => {
    expect(initialSelection(amount, DEFAULT_SITE_CONTENT.donating)).toEqual(expected);
  });
});
