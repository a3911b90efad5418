import { describe, expect, it } from "vitest";
import { imageSourcesOf, imagesOf, sanitizeNewsletterHtml, toEmailHtml, toTextHtml } from "./newsletter-html.ts";
import { choosePictures, type PictureStorage } from "./newsletter-pictures.ts";

const OWN = "/uploads/newsletter/0b7c2c1e-1111-4222-8333-944445555666-1400.jpg";
const own = (src: string) => src.startsWith("/uploads/newsletter/");
const BUTTON =
  '<p data-button=""><a href="https://hope.test/donate" target="_blank" rel="noopener noreferrer nofollow">Give now</a></p>';

describe("newsletter HTML", () => {
  it("keeps the site's own pictures (src, alt, size) and buttons, and nothing unsafe", () => {
    const clean = sanitizeNewsletterHtml(
      `<p>Hi</p><img src="${OWN}" alt='Graduates "2026"' width="1400" height="700" onerror="alert(1)" class="x" style="y">` +
        '<img src="https://tracker.test/pixel.gif" alt=""><img src="data:image/png;base64,AAAA" alt="">' +
        '<img src="/uploads/gallery/0b7c2c1e-1111-4222-8333-944445555666-640.jpg" alt="">' +
        '<p data-button style="color:red" onclick="x"><a href="https://hope.test/donate">Give now</a></p>',
      own,
    );
    expect(clean).toBe(
      `<p>Hi</p><img src="${OWN}" alt="Graduates &quot;2026&quot;" width="1400" height="700" />${BUTTON}`,
    );
    expect(sanitizeNewsletterHtml(clean, own)).toBe(clean); // stable when sanitised again on render
  });

  it("keeps the button marker only on one plain https link", () => {
    for (const inner of [
      '<a href="javascript:alert(1)">Bad</a>',
      '<a href="http://hope.test">Plain http</a>',
      '<a href="https://hope.test"><b>Bold</b></a>',
      "<strong>No link</strong>",
      '<a href="https://hope.test">One</a> and text',
    ]) {
      const clean = sanitizeNewsletterHtml(`<p data-button="">${inner}</p>`, own);
      expect(clean).not.toContain("data-button");
      expect(clean).not.toContain("javascript:");
    }
  });

  it("makes e-mail HTML: pictures at the chosen absolute URL with width and height, buttons as table buttons", () => {
    const clean = sanitizeNewsletterHtml(`<img src="${OWN}" alt="Graduates" width="1400" height="700">${BUTTON}`, own);
    expect(imagesOf(clean)).toEqual([{ src: OWN, alt: "Graduates", width: 1400, height: 700 }]);
    const html = toEmailHtml(clean, ({ src }) => `https://hope.test${src.replace("-1400", "-1280")}`);
    expect(html).toMatch(
      /^<img src="https:\/\/hope\.test\/uploads\/newsletter\/[\w-]+-1280\.jpg" alt="Graduates" width="496" height="248" style="display:block;width:100%;/,
    );
    expect(html).toContain('<table role="presentation"');
    expect(html).toMatch(
      /<td align="center" bgcolor="#0b5563"[^>]*><a href="https:\/\/hope\.test\/donate"[^>]*>Give now<\/a><\/td>/,
    );
    expect(toEmailHtml(clean, () => undefined)).not.toContain("<img"); // no file yet: left out
  });

  it("makes the text part's HTML: each button a 'Label: URL' line, pictures left out", () => {
    const clean = sanitizeNewsletterHtml(`<p>Hi</p><img src="${OWN}" alt="Graduates">${BUTTON}`, own);
    expect(toTextHtml(clean)).toBe("<p>Hi</p><p>Give now: https://hope.test/donate</p>");
    expect(imageSourcesOf(`<p>x</p><img alt="a" src="${OWN}">`)).toEqual([OWN]);
  });
});

describe("choosePictures", () => {
  const stem = "newsletter/0b7c2c1e-1111-4222-8333-944445555666";
  const storageWith = (keys: string[]): PictureStorage => ({
    keyOf: (url) => (url.startsWith("/uploads/") ? url.slice("/uploads/".length) : undefined),
    url: (key) => `/uploads/${key}`,
    async *list() {
      for (const key of keys) yield { key, modifiedAt: new Date() };
    },
  });
  const image = { src: `/uploads/${stem}-1400.jpg`, alt: "" };

  it("takes the narrowest JPEG at least twice the column wide, else the widest there is", async () => {
    const all = ["320", "640", "960", "1280", "1400"].flatMap((w) => [`${stem}-${w}.jpg`, `${stem}-${w}.webp`]);
    const chosen = await choosePictures(storageWith(all), "https://hope.test", [image]);
    expect(chosen.urls.get(image.src)).toBe(`https://hope.test/uploads/${stem}-1280.jpg`);
    const small = await choosePictures(storageWith([`${stem}-320.jpg`, `${stem}-640.jpg`]), "https://x.test", [image]);
    expect(small.urls.get(image.src)).toBe(`https://x.test/uploads/${stem}-640.jpg`);
  });

  it("names only files that exist: a picture whose variants are not written yet is reported missing", async () => {
    const none = await choosePictures(storageWith([`${stem}-1400.avif`, "newsletter/other-1280.jpg"]), "https://x", [
      image,
    ]);
    expect(none.urls.size).toBe(0);
    expect(none.missing).toEqual([image]);
  });
});
