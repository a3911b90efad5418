import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18nData } from "./catalogue";
import { i18nFrom } from "./i18n";

describe("messages with elements in them", () => {
  it("puts elements into a message, each part of it in its own language", () => {
    const { rich, untranslated } = i18nFrom(i18nData("am"));
    const html = renderToStaticMarkup(
      <p>{rich("gallery.openPhotosCount", { title: <span lang={untranslated}>Women learn</span>, count: 3 })}</p>,
    );
    // Texts and numbers go into the words; only elements split them, and nothing empty is drawn
    // (an island hydrates the server's nodes one by one).
    expect(html).toBe('<p>ፎቶዎቹን ይክፈቱ፦ <span lang="en">Women learn</span>፣ 3 ፎቶዎች</p>');
    expect(renderToStaticMarkup(<p>{rich("need.giveTo", { cta: <b>A</b>, title: <i>B</i> })}</p>)).toBe(
      "<p><b>A</b>፦ <i>B</i></p>",
    );
  });

  it("marks content that is never translated as English on pages of another language only", () => {
    expect(i18nFrom(i18nData("am")).untranslated).toBe("en");
    expect(i18nFrom(i18nData("en")).untranslated).toBeUndefined();
  });
});
