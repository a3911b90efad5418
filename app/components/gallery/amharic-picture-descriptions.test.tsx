import { renderToStaticMarkup } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app-context";
import type { GalleryItem } from "../../../core/gallery/gallery.constants";
import type { Localised } from "../../../core/translations/translations.schema";
import { DIALECTS } from "../../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { i18nData } from "../../i18n/catalogue";
import { I18nProvider } from "../../i18n/i18n";
import * as impactGallery from "../../routes/public/impact-gallery.tsx";
import { GalleryCard } from "./gallery-card";

/**
 * A gallery picture's description in Amharic (docs/decisions/0883-amharic-picture-descriptions.md):
 * an optional field of the spec's writes, answered back, read by the Amharic pages; the English one
 * where it is empty, marked English there.
 */
describe.each(DIALECTS)("Amharic picture descriptions on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let shade = 20;
  const image = () => {
    shade += 11;
    return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: 90, b: 140 } } })
      .png()
      .toBuffer();
  };

  async function multipart(method: "POST" | "PUT", url: string, fields: Record<string, string>, files: number) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (let i = 0; i < files; i++) form.append("images", fileBlob(await image()), "a.png");
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }

  const item = (title: string, extra: Record<string, string> = {}) => ({
    title,
    description: "At Kality.",
    category: "Education",
    eventDate: "2026-01-01",
    imageAlts: JSON.stringify(["Children reading", "A teacher at the board"]),
    ...extra,
  });

  /** The gallery page's loader, as the server runs it for `url`. */
  async function galleryPage(url: string) {
    const context = new RouterContextProvider();
    context.set(appContext, { services: t.services, cspNonce: "", requestId: "test", islands: {} as never });
    const data = await impactGallery.loader({ request: new Request(`http://localhost${url}`), context } as never);
    return (data.firstPage?.images ?? []) as Localised<GalleryItem>[];
  }

  /** A card's HTML as the page in `locale` draws it. */
  const cardHtml = (shown: Localised<GalleryItem>, locale: "en" | "am") =>
    renderToStaticMarkup(
      <I18nProvider value={i18nData(locale)}>
        <GalleryCard item={shown} onOpen={() => {}} />
      </I18nProvider>,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("takes imageAltsAm as an optional field, answers it back, and an update without it keeps it", async () => {
    const created = await multipart(
      "POST",
      "/api/gallery",
      item("Storytime", { imageAltsAm: JSON.stringify(["ልጆች ሲያነቡ", ""]) }),
      2,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      imageAlts: ["Children reading", "A teacher at the board"],
      imageAltsAm: ["ልጆች ሲያነቡ", ""],
    });
    const id = created.json()._id;
    const read = await t.app.inject({ url: `/api/gallery/${id}` });
    expect(read.json().imageAltsAm).toEqual(["ልጆች ሲያነቡ", ""]);

    const retitled = await multipart("PUT", `/api/gallery/${id}`, item("Storytime, retitled"), 0);
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().imageAltsAm).toEqual(["ልጆች ሲያነቡ", ""]);

    const described = await multipart(
      "PUT",
      `/api/gallery/${id}`,
      item("Storytime, retitled", { imageAltsAm: JSON.stringify(["ልጆች ሲያነቡ", "መምህርት በሰሌዳው ፊት"]) }),
      0,
    );
    expect(described.json().imageAltsAm).toEqual(["ልጆች ሲያነቡ", "መምህርት በሰሌዳው ፊት"]);
    const tooLong = await multipart(
      "PUT",
      `/api/gallery/${id}`,
      item("Storytime, retitled", { imageAltsAm: JSON.stringify(["ሀ".repeat(301)]) }),
      0,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields["imageAltsAm.0"]).toMatch(/under 300/);
  });

  it("the Amharic page shows the Amharic description, the English page the English, and an empty one falls back", async () => {
    const created = await multipart(
      "POST",
      "/api/gallery",
      item("Graduation", {
        imageAlts: JSON.stringify(["Mothers holding certificates", "A cake on a table"]),
        imageAltsAm: JSON.stringify(["የምስክር ወረቀት የያዙ እናቶች", ""]),
      }),
      2,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;

    const amharic = (await galleryPage("/am/impact/gallery")).find((shown) => shown._id === id);
    expect(amharic?.imageAlts).toEqual(["የምስክር ወረቀት የያዙ እናቶች", "A cake on a table"]);
    // The English fallback is named, so the page marks it English.
    expect(amharic?.englishFields).toContain("imageAlts.1");
    expect(amharic?.englishFields).not.toContain("imageAlts.0");
    const amharicHtml = cardHtml(amharic as Localised<GalleryItem>, "am");
    expect(amharicHtml).toContain('alt="የምስክር ወረቀት የያዙ እናቶች"');
    expect(amharicHtml).not.toContain("Mothers holding certificates");

    const english = (await galleryPage("/impact/gallery")).find((shown) => shown._id === id);
    expect(english?.imageAlts).toEqual(["Mothers holding certificates", "A cake on a table"]);
    const englishHtml = cardHtml(english as Localised<GalleryItem>, "en");
    expect(englishHtml).toContain('alt="Mothers holding certificates"');
    expect(englishHtml).not.toContain("የምስክር");

    // No Amharic description at all: the Amharic page reads the English, marked English.
    const plain = await multipart("POST", "/api/gallery", item("Plain", { imageAlts: JSON.stringify(["A choir"]) }), 1);
    const fallback = (await galleryPage("/am/impact/gallery")).find((shown) => shown._id === plain.json()._id);
    const fallbackHtml = cardHtml(fallback as Localised<GalleryItem>, "am");
    expect(fallbackHtml).toMatch(/<img[^>]*alt="A choir"[^>]*lang="en"|<img[^>]*lang="en"[^>]*alt="A choir"/);
  });
});
