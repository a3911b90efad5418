import { z } from "zod";
import type { StoredImage } from "../media/media.schema.ts";
import type { ItemState } from "../versions/states.ts";

/** Spec §5: the only link schemes the editor accepts. */
export const LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"] as const;
/** Every link in a post opens in a new tab without handing the post page to the other site. */
export const LINK_REL = "noopener noreferrer nofollow";

/** Spec §9. */
export const CONTENT_MIN_LENGTH = 15;
export const EDITOR_UNDO_DEPTH = 100;
export const EDITOR_UNDO_GROUP_MS = 500;

export const BLOG_MESSAGES = {
  title: "Title is required",
  excerpt: "Excerpt is required",
  authorName: "Author name is required",
  contentEmpty: "Content cannot be empty.",
  contentShort: "Content is too short.",
  image: "Feature image is required",
  linkedin: "Please enter a valid http(s) URL",
} as const;

/** True for an http(s) URL a browser can open. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A link target the editor may insert (spec §5 schemes, or a path on this site). */
export function isAllowedLink(value: string): boolean {
  const href = value.trim();
  if (href.startsWith("/") && !href.startsWith("//")) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme !== undefined && (LINK_SCHEMES as readonly string[]).includes(scheme);
}

/** The words of editor HTML without its tags (`<p></p>` is empty markup). */
export const htmlText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

export const BlogInputSchema = z.object({
  title: required(BLOG_MESSAGES.title, 200),
  excerpt: required(BLOG_MESSAGES.excerpt, 600),
  authorName: required(BLOG_MESSAGES.authorName, 120),
  authorLinkedin: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isHttpUrl(value), BLOG_MESSAGES.linkedin),
  content: z
    .string({ error: BLOG_MESSAGES.contentEmpty })
    .max(200_000, "The post is too long.")
    .refine((html) => htmlText(html).length > 0, BLOG_MESSAGES.contentEmpty)
    .refine((html) => html.trim().length >= CONTENT_MIN_LENGTH, BLOG_MESSAGES.contentShort),
});

/** `status` and `publishAt` are ours (docs/decisions/0300-publishing-states.md): public answers only ever hold published posts. */
export interface BlogPost extends ItemState {
  _id: string;
  title: string;
  excerpt: string;
  /** The feature image's plain URL (spec); `image` adds its sizes and formats. */
  imageUrl: string;
  image: StoredImage;
  /** Ours: what the picture shows, "" when there is none (docs/decisions/0770-every-picture-described.md). */
  imageAlt: string;
  /** Ours: the picture is decorative, served with an empty alt on purpose. */
  imageDecorative: boolean;
  authorName: string;
  /** Optional (spec §3): always present, "" when there is none, so a form filled from it sends it back as is. */
  authorLinkedin: string;
  /** Sanitised HTML. */
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** What a list of posts needs (no content): the blog page, the RSS feed, the sitemap. */
export type BlogPostSummary = Omit<BlogPost, "content">;
