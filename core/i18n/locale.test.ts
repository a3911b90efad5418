import { describe, expect, it } from "vitest";
import {
  alternates,
  languageCookie,
  localeOf,
  localeOfPath,
  localizePath,
  preferredLocale,
  stripLocale,
  suggestedLocale,
} from "./locale.ts";

describe("a page's language is in its URL (decision 0410)", () => {
  it("reads /am and /am/… as Amharic, everything else as English", () => {
    expect(localeOfPath("/am")).toBe("am");
    expect(localeOfPath("/am/about")).toBe("am");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/about")).toBe("en");
    expect(localeOfPath("/amharic")).toBe("en");
    expect(localeOfPath("/blog/am")).toBe("en");
    expect(localeOf({ url: "http://site/am/blog?page=2" })).toBe("am");
  });

  it("strips and adds the prefix, keeping query and fragment", () => {
    expect(stripLocale("/am")).toBe("/");
    expect(stripLocale("/am/about#team")).toBe("/about#team");
    expect(stripLocale("/am?x=1")).toBe("/?x=1");
    expect(stripLocale("/about")).toBe("/about");
    expect(localizePath("/", "am")).toBe("/am");
    expect(localizePath("/about#story", "am")).toBe("/am/about#story");
    expect(localizePath("/blog?page=2", "am")).toBe("/am/blog?page=2");
    expect(localizePath("/?x=1", "am")).toBe("/am?x=1");
    expect(localizePath("/am/about", "en")).toBe("/about");
    expect(localizePath("/am/about", "am")).toBe("/am/about");
  });

  it("leaves links outside the public pages alone", () => {
    for (const path of [
      "/api/messages",
      "/admin",
      "/admin/blogs",
      "/uploads/a.webp",
      "https://x.org/a",
      "//x.org",
      "#top",
    ]) {
      expect(localizePath(path, "am")).toBe(path);
    }
  });

  it("lists the same page in every language", () => {
    expect(alternates("/am/blog/1")).toEqual([
      { locale: "en", path: "/blog/1" },
      { locale: "am", path: "/am/blog/1" },
    ]);
  });
});

describe("the first visit's suggestion", () => {
  it("ranks Accept-Language by q-value, then order", () => {
    expect(preferredLocale("am-ET,am;q=0.9,en;q=0.8")).toBe("am");
    expect(preferredLocale("en;q=0.5, am;q=0.8")).toBe("am");
    expect(preferredLocale("fr-FR, en-GB;q=0.7, am;q=0.6")).toBe("en");
    expect(preferredLocale("fr, de")).toBeUndefined();
    expect(preferredLocale("am;q=0")).toBeUndefined();
    expect(preferredLocale(undefined)).toBeUndefined();
  });

  it("reads the remembered choice from the cookie", () => {
    expect(languageCookie("a=1; lang=am; b=2")).toBe("am");
    expect(languageCookie("lang=fr")).toBeUndefined();
    expect(languageCookie(null)).toBeUndefined();
  });

  it("suggests the browser's language only without a remembered choice, and never the page's own", () => {
    expect(suggestedLocale("en", { acceptLanguage: "am,en;q=0.5" })).toBe("am");
    expect(suggestedLocale("am", { acceptLanguage: "en-US" })).toBe("en");
    expect(suggestedLocale("am", { acceptLanguage: "am" })).toBeUndefined();
    expect(suggestedLocale("en", { acceptLanguage: "am", cookie: "lang=en" })).toBeUndefined();
    expect(suggestedLocale("en", { acceptLanguage: "fr" })).toBeUndefined();
  });
});
