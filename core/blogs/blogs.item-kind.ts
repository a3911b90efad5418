import { oneImageKind } from "../item-writes/one-image-kind.ts";
import { ValidationError } from "../shared/errors.ts";
import { fieldErrors } from "../shared/validation.ts";
import { POST_NOT_FOUND_MESSAGE } from "./blogs.constants.ts";
import * as repo from "./blogs.repository.ts";
import { sanitizePostHtml } from "./blogs.sanitize.ts";
import { BLOG_MESSAGES, BlogInputSchema, CONTENT_MIN_LENGTH, htmlText } from "./blogs.schema.ts";

/** The post's columns a write sets from the form. */
type PostValues = Pick<repo.BlogPostRow, "title" | "excerpt" | "author_name" | "author_linkedin" | "content">;

/** Validates the form fields (and the image's presence) into one 400 listing every problem. */
function validate(fields: unknown, imageMissing: boolean): PostValues {
  const parsed = BlogInputSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (imageMissing) errors.image = BLOG_MESSAGES.image;
  if (parsed.success) {
    const content = sanitizePostHtml(parsed.data.content);
    if (!htmlText(content)) errors.content = BLOG_MESSAGES.contentEmpty;
    else if (content.length < CONTENT_MIN_LENGTH) errors.content = BLOG_MESSAGES.contentShort;
    if (Object.keys(errors).length === 0) {
      const input = parsed.data;
      return {
        title: input.title,
        excerpt: input.excerpt,
        author_name: input.authorName,
        author_linkedin: input.authorLinkedin ?? null,
        content,
      };
    }
  }
  throw new ValidationError(Object.values(errors)[0] as string, errors);
}

/** A blog post as the one item-write sequence writes it (docs/decisions/0601-item-writes.md). */
export const blogKind = oneImageKind<repo.BlogPostRow, PostValues>({
  entity: "blog",
  notFound: POST_NOT_FOUND_MESSAGE,
  folder: "blog",
  validate,
  // The post's fields as the form names them, to tell which ones an update changed.
  audited: (row) => ({
    title: row.title,
    excerpt: row.excerpt,
    authorName: row.author_name,
    authorLinkedin: row.author_linkedin,
    content: row.content,
  }),
  find: repo.findPost,
  insert: repo.insertPost,
  update: repo.updatePost,
  delete: repo.deletePost,
});
