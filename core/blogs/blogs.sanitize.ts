import sanitizeHtml from "sanitize-html";
import { LINK_REL, LINK_SCHEMES } from "./blogs.schema.ts";

/**
 * Exactly what the blog editor produces. Anything else — scripts, styles, iframes, SVG, event
 * handlers, classes, `javascript:`/`data:` links — is removed before a post is stored, and again
 * when it is read, so a row written under older rules is never served unsafe.
 */
export const POST_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "h2", "h3", "strong", "b", "em", "i", "u", "a", "ul", "ol", "li", "blockquote", "br"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Their content is code or markup, never text a reader should see.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "svg",
    "math",
    "template",
    "object",
    "title",
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: "_blank", rel: LINK_REL },
    }),
  },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POST_HTML_OPTIONS).trim();
}
