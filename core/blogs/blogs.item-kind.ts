import type { ItemKind } from "../item-writes/item-writes.ts";
import type { StoredImage } from "../media/media.schema.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import { ValidationError } from "../shared/errors.ts";
import { fieldErrors } from "../shared/validation.ts";
import { stateColumns, stateOf } from "../versions/item-states.ts";
import { sentConsent } from "../versions/scheduled-publishing.ts";
import { POST_NOT_FOUND_MESSAGE } from "./blogs.constants.ts";
import * as repo from "./blogs.repository.ts";
import { sanitizePostHtml } from "./blogs.sanitize.ts";
import { BLOG_MESSAGES, BlogInputSchema, CONTENT_MIN_LENGTH, htmlText } from "./blogs.schema.ts";

/** How the audit log names a blog post. */
const BLOG_AUDIT_ENTITY = "blog";

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

/** The image's two columns, written only with a new image. */
const imageColumns = (image: StoredImage) => ({ image_url: image.url, image_variants: serializeStoredImage(image) });

/** A blog post as the one item-write sequence writes it (docs/decisions/0601-item-writes.md). */
export const blogKind: ItemKind<repo.BlogPostRow, PostValues> = {
  entity: BLOG_AUDIT_ENTITY,
  notFound: POST_NOT_FOUND_MESSAGE,
  uploads: { folder: "blog", field: "image" },
  validate: (fields, uploads, creating) => validate(fields, creating && uploads.length === 0),
  find: repo.findPost,
  stateOf,
  filesOf: (row) => [parseStoredImage(row.image_variants, row.image_url)],
  shows: (_values, [image]) => (image ? [image.url] : []),
  consents: (fields, shown) => shown.map((url) => sentConsent(fields, url)),
  // The post's fields as the form names them, to tell which ones an update changed.
  audited: (row) => ({
    title: row.title,
    excerpt: row.excerpt,
    authorName: row.author_name,
    authorLinkedin: row.author_linkedin,
    content: row.content,
  }),
  async insert(trx, { id, values, files, state, now }) {
    // validate made a create send its image.
    const image = files?.[0] as StoredImage;
    await repo.insertPost(trx, {
      id,
      ...values,
      ...imageColumns(image),
      created_at: now,
      updated_at: now,
      ...stateColumns(state),
    });
  },
  async update(trx, { id, values, files, state, now }) {
    const image = files?.[0];
    await repo.updatePost(trx, id, {
      ...values,
      ...(image ? imageColumns(image) : {}),
      updated_at: now,
      ...stateColumns(state),
    });
  },
  async delete(trx, id) {
    await repo.deletePost(trx, id);
  },
};
