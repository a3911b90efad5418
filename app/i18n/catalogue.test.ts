import { describe, expect, it } from "vitest";
import { am } from "./am";
import { ISLAND_AREAS, i18nData, islandI18nData, missingMessages } from "./catalogue";
import { en } from "./en";
import { format } from "./i18n";

describe("the message catalogues (decision 0410)", () => {
  it("Amharic has every English key (this lists the missing ones)", () => {
    expect(missingMessages("am")).toEqual([]);
  });

  it("has no Amharic key English lacks, and no English left in an Amharic text", () => {
    expect(Object.keys(am).filter((key) => !(key in en))).toEqual([]);
    // Latin letters in an Amharic message: the brand name, or a placeholder, only.
    const stray = Object.entries(am).filter(
      ([, text]) => /[A-Za-z]/.test((text ?? "").replace(/Hope Behind Bars|\{\w+\}/g, "")) && true,
    );
    expect(stray.map(([key]) => key)).toEqual([]);
  });

  it("keeps each message's placeholders in every language", () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(am)) {
      expect(names(text ?? ""), key).toEqual(names(en[key as keyof typeof en]));
    }
  });

  it("falls back to English for a missing Amharic message", () => {
    const data = i18nData("am");
    expect(data.messages["nav.home"]).toBe(am["nav.home"]);
    for (const key of missingMessages("am")) expect(data.messages[key]).toBe(en[key]);
  });

  it("ships islands one language's island texts only", () => {
    const data = islandI18nData("am");
    expect(data.locale).toBe("am");
    for (const key of Object.keys(data.messages)) expect(ISLAND_AREAS).toContain(key.split(".")[0]);
    expect(data.messages["header.donateNow"]).toBe(am["header.donateNow"]);
    expect(Object.values(data.messages)).not.toContain(en["header.donateNow"]);
  });

  it("fills placeholders", () => {
    expect(format(en["footer.rights"], { year: 2026 })).toBe("© 2026 Hope Behind Bars. All rights reserved.");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
