import { describe, expect, it } from "vitest";
import { XSS_PAYLOADS } from "../../tests/support/xss-payloads.ts";
import { sanitizePostHtml } from "./blogs.sanitize.ts";

const ALLOWED_TAGS = new Set([
  "p",
  "h2",
  "h3",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "br",
]);

/** Every tag and attribute left in the output, for checking against the allowlist. */
function tagsIn(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)].map((m) => ({
    name: (m[1] as string).toLowerCase(),
    attributes: [...(m[2] as string).matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map((a) => ({
      name: (a[1] as string).toLowerCase(),
      value: a[2] ?? "",
    })),
  }));
}

describe("blog HTML sanitiser", () => {
  it("keeps exactly what the editor produces", () => {
    const html =
      "<h2>Heading</h2><h3>Sub</h3><p><strong>b</strong> <b>b2</b> <em>i</em> <i>i2</i> <u>u</u><br>line</p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote>";
    expect(sanitizePostHtml(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("gives every link a new tab and no referrer, and keeps the spec's schemes", () => {
    for (const href of [
      "https://example.org/a?b=1&amp;c=2",
      "http://x.test",
      "ftp://f.test/file",
      "ftps://f.test/file",
      "mailto:info@x.test",
      "tel:+251111",
      "callto:someone",
      "sms:+251111",
      "cid:part1",
      "xmpp:user@x.test",
      "/about",
    ]) {
      expect(sanitizePostHtml(`<p><a href="${href}" target="_self" class="x">l</a></p>`)).toBe(
        `<p><a href="${href}" target="_blank" rel="noopener noreferrer nofollow">l</a></p>`,
      );
    }
  });

  it("replaces an author's own rel and target, which could hand the post page to the linked site", () => {
    for (const attributes of [
      'rel="opener"',
      'rel="opener noreferrer"',
      'rel="noopener" target="_top"',
      'rel="" target="_parent"',
      'REL="opener" TARGET="_self"',
    ]) {
      expect(sanitizePostHtml(`<p><a href="https://x.test" ${attributes}>l</a></p>`), attributes).toBe(
        '<p><a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">l</a></p>',
      );
    }
  });

  it("drops links to other schemes and protocol-relative links", () => {
    for (const href of ["javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "//evil.test"]) {
      expect(sanitizePostHtml(`<a href="${href}">l</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer nofollow">l</a>',
      );
    }
  });

  it("removes script, style, iframe and SVG content entirely, keeping ordinary text", () => {
    expect(
      sanitizePostHtml(
        "<p>a</p><script>alert(1)</script><style>p{}</style><iframe>x</iframe><svg><text>t</text></svg>",
      ),
    ).toBe("<p>a</p>");
    expect(sanitizePostHtml('<div class="x"><span style="color:red">kept text</span></div>')).toBe("kept text");
  });

  it(`neutralises all ${XSS_PAYLOADS.length} payloads of the corpus`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    for (const payload of XSS_PAYLOADS) {
      const clean = sanitizePostHtml(`<p>before</p>${payload}<p>after</p>`);
      for (const tag of tagsIn(clean)) {
        expect(ALLOWED_TAGS, `${payload} → ${clean}`).toContain(tag.name);
        for (const attribute of tag.attributes) {
          expect(["href", "target", "rel"], `${payload} → ${clean}`).toContain(attribute.name);
          if (attribute.name === "href") expect(attribute.value, payload).toMatch(/^(https?:|mailto:|\/[^/]|#)/);
          if (attribute.name === "target") expect(attribute.value, payload).toBe("_blank");
          if (attribute.name === "rel") expect(attribute.value, payload).toBe("noopener noreferrer nofollow");
        }
      }
      // Escaped text like "&lt;img onerror=…&gt;" is harmless; no real tag may carry code.
      expect(clean, payload).not.toMatch(/<script|<[^>]*(\son\w+\s*=|javascript:)/i);
      expect(clean, payload).toContain("<p>before</p>");
    }
  });
});
