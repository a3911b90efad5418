import { describe, expect, it } from "vitest";
import { pageHref } from "./public-page";

describe("pageHref", () => {
  it("gives page 1 the list's own address and later pages a page number, keeping the list's filter", () => {
    expect(pageHref("/blog", 1)).toBe("/blog");
    expect(pageHref("/blog", 3)).toBe("/blog?page=3");
    expect(pageHref("/supporters?fund=education", 1)).toBe("/supporters?fund=education");
    expect(pageHref("/supporters?fund=education", 2)).toBe("/supporters?fund=education&page=2");
  });
});
