import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StoredImage } from "../../core/media/media.schema";
import { ResponsiveImage } from "./responsive-image";

const image: StoredImage = {
  url: "/uploads/blog/a-640.jpg",
  width: 640,
  height: 480,
  variants: [320, 640].flatMap((width) =>
    (["avif", "webp", "jpeg"] as const).map((format) => ({
      format,
      width,
      url: `/uploads/blog/a-${width}.${format === "jpeg" ? "jpg" : format}`,
    })),
  ),
};

describe("ResponsiveImage", () => {
  it("offers AVIF and WebP sources and a JPEG fallback with width, height and lazy loading", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={image} alt="Women at work" sizes="100vw" />);
    expect(html).toBe(
      "<picture>" +
        '<source type="image/avif" srcSet="/uploads/blog/a-320.avif 320w, /uploads/blog/a-640.avif 640w" sizes="100vw"/>' +
        '<source type="image/webp" srcSet="/uploads/blog/a-320.webp 320w, /uploads/blog/a-640.webp 640w" sizes="100vw"/>' +
        '<img src="/uploads/blog/a-640.jpg" srcSet="/uploads/blog/a-320.jpg 320w, /uploads/blog/a-640.jpg 640w" sizes="100vw" alt="Women at work" width="640" height="480" loading="lazy" decoding="async"/>' +
        "</picture>",
    );
  });

  it("loads a priority image eagerly with high fetch priority", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={image} alt="" sizes="100vw" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('loading="lazy"');
  });

  it("gives the img the language of its description when it differs from the page's", () => {
    // An attribute cannot carry a language; the element's lang covers its text attributes (alt).
    const html = renderToStaticMarkup(<ResponsiveImage image={image} alt="Women at work" lang="en" sizes="100vw" />);
    expect(html).toContain('<img src="/uploads/blog/a-640.jpg"');
    expect(html).toMatch(/<img [^>]*alt="Women at work" lang="en"/);
    expect(html).not.toMatch(/<picture[^>]*lang=/);
  });

  it("falls back to a plain img for an image without variants", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage
        image={{ url: "/images/demo.jpg", width: 0, height: 0, variants: [] }}
        alt="Demo"
        sizes="50vw"
      />,
    );
    expect(html).toBe('<img src="/images/demo.jpg" alt="Demo" loading="lazy" decoding="async"/>');
  });
});
