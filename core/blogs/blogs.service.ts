import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import type { ImageInput } from "../media/image-input.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import { variantsJobFor } from "../media/variant-job.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { fieldErrors, parseInput } from "../shared/validation.ts";
import { deleteItem as deleteTranslations } from "../translations/translations.repository.ts";
import {
  type ItemState,
  resolveState,
  StateFilterSchema,
  stateAudit,
  stateColumns,
  stateOf,
} from "../versions/item-states.ts";
import { type ScheduledPublishing, sentConsent } from "../versions/scheduled-publishing.ts";
import { POST_NOT_FOUND_MESSAGE } from "./blogs.constants.ts";
import * as repo from "./blogs.repository.ts";
import { sanitizePostHtml } from "./blogs.sanitize.ts";
import {
  BLOG_MESSAGES,
  type BlogInput,
  BlogInputSchema,
  type BlogPost,
  type BlogPostSummary,
  CONTENT_MIN_LENGTH,
  htmlText,
} from "./blogs.schema.ts";

function toSummary(row: repo.BlogPostRow): BlogPostSummary {
  return {
    _id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    image: parseStoredImage(row.image_variants, row.image_url),
    authorName: row.author_name,
    authorLinkedin: row.author_linkedin ?? "",
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...stateOf(row),
  };
}

function toPost(row: repo.BlogPostRow): BlogPost {
  // Sanitised again on the way out: rows stored under older rules are never served unsafe.
  return { ...toSummary(row), content: sanitizePostHtml(row.content) };
}

/** Validates the form fields (and the image's presence) into one 400 listing every problem. */
function validate(fields: unknown, imageMissing: boolean): BlogInput & { content: string } {
  const parsed = BlogInputSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (imageMissing) errors.image = BLOG_MESSAGES.image;
  if (parsed.success) {
    const content = sanitizePostHtml(parsed.data.content);
    if (!htmlText(content)) errors.content = BLOG_MESSAGES.contentEmpty;
    else if (content.length < CONTENT_MIN_LENGTH) errors.content = BLOG_MESSAGES.contentShort;
    if (Object.keys(errors).length === 0) return { ...parsed.data, content };
  }
  throw new ValidationError(Object.values(errors)[0] as string, errors);
}

/** How the audit log names a blog post. */
export const BLOG_AUDIT_ENTITY = "blog";

/** The post's fields as the form names them, to tell which ones an update changed. */
const formFields = (
  row: Pick<repo.BlogPostRow, "title" | "excerpt" | "author_name" | "author_linkedin" | "content">,
) => ({
  title: row.title,
  excerpt: row.excerpt,
  authorName: row.author_name,
  authorLinkedin: row.author_linkedin,
  content: row.content,
});

export function createBlogService(
  db: Db,
  media: MediaService,
  clock: Clock,
  purgePublicCaches: PurgePublicCaches,
  audit: Audit,
  scheduling: ScheduledPublishing,
  /** The durable queue the rest of each image's ladder is encoded through (docs/decisions/0440). */
  jobs: Pick<JobQueue, "enqueue" | "wake">,
) {
  /** Staff find a post in any state; the public only a published one (a draft's URL is a 404). */
  async function findRow(id: string, publicOnly = false) {
    const row = isRecordId(id) ? await repo.findPost(db, id) : undefined;
    if (!row || (publicOnly && row.status !== "published")) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    return row;
  }

  /**
   * Checks and strips the upload and stores its largest JPEG; the rest of the ladder is a background
   * job, queued with the row (docs/decisions/0440).
   */
  const storeImage = (image: ImageInput) => media.storeSource(image, { folder: "blog", field: "image" });
  const enqueueVariants = async (trx: Db, image: StoredImage | undefined) => {
    if (image?.processing) await jobs.enqueue(trx, variantsJobFor(image));
  };

  return {
    /** Published posts, newest first. */
    async list(): Promise<BlogPost[]> {
      return (await repo.listPosts(db, "published")).map(toPost);
    },

    /** Published posts, newest first, without content: for list pages and feeds. */
    async summaries(): Promise<BlogPostSummary[]> {
      return (await repo.listPosts(db, "published")).map(toSummary);
    },

    /** A published post. */
    async get(id: string): Promise<BlogPost> {
      return toPost(await findRow(id, true));
    },

    /** Every post, or those in one state (`{ status }`), newest first, without content: the admin list. */
    async listForStaff(query: unknown = {}): Promise<BlogPostSummary[]> {
      const { status } = parseInput(StateFilterSchema, query);
      return (await repo.listPosts(db, status)).map(toSummary);
    },

    /** A post in any state: the editor and the preview. */
    async getForStaff(id: string): Promise<BlogPost> {
      return toPost(await findRow(id));
    },

    async create(fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<BlogPost> {
      const input = validate(fields, !image);
      const state = resolveState(fields, null, clock());
      const stored = await storeImage(image as ImageInput);
      const now = clock().toISOString();
      const row: repo.BlogPostRow = {
        id: newId(),
        title: input.title,
        excerpt: input.excerpt,
        author_name: input.authorName,
        author_linkedin: input.authorLinkedin ?? null,
        content: input.content,
        image_url: stored.url,
        image_variants: serializeStoredImage(stored),
        created_at: now,
        updated_at: now,
        ...stateColumns(state),
      };
      try {
        await db.transaction().execute(async (trx) => {
          await scheduling.recordConsents(trx, [sentConsent(fields, row.image_url)], actor, row.id);
          await scheduling.assertMayGoPublic(trx, state, [row.image_url]);
          await repo.insertPost(trx, row);
          await enqueueVariants(trx, stored);
          const { fields: stateFields, values } = stateAudit(null, state);
          await audit.record(trx, actor, {
            action: "create",
            entity: BLOG_AUDIT_ENTITY,
            entityId: row.id,
            fields: [...fieldsChanged({}, formFields(row)), "image", ...stateFields],
            values,
          });
          await scheduling.afterWrite(trx, state);
        });
      } catch (error) {
        await media.removeImage(stored);
        throw error;
      }
      if (stored.processing) jobs.wake();
      await purgePublicCaches();
      return toPost(row);
    },

    /** Without a new image the current one stays; with one, the old files are removed after the save. */
    async update(id: string, fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<BlogPost> {
      const existing = await findRow(id);
      const input = validate(fields, false);
      const before: ItemState = stateOf(existing);
      const state = resolveState(fields, before, clock());
      const stored: StoredImage | undefined = image ? await storeImage(image) : undefined;
      const imageUrl = stored?.url ?? existing.image_url;
      const changes = {
        title: input.title,
        excerpt: input.excerpt,
        author_name: input.authorName,
        author_linkedin: input.authorLinkedin ?? null,
        content: input.content,
        // Only a new image is written: the kept one's column may be finished by its job meanwhile.
        ...(stored ? { image_url: stored.url, image_variants: serializeStoredImage(stored) } : {}),
        updated_at: clock().toISOString(),
        ...stateColumns(state),
      };
      try {
        await db.transaction().execute(async (trx) => {
          await scheduling.recordConsents(trx, [sentConsent(fields, imageUrl)], actor, id);
          await scheduling.assertMayGoPublic(trx, state, [imageUrl]);
          await repo.updatePost(trx, id, changes);
          await enqueueVariants(trx, stored);
          const { fields: stateFields, values } = stateAudit(before, state);
          await audit.record(trx, actor, {
            action: "update",
            entity: BLOG_AUDIT_ENTITY,
            entityId: id,
            fields: [
              ...fieldsChanged(formFields(existing), formFields(changes)),
              ...(stored ? ["image"] : []),
              ...stateFields,
            ],
            values,
          });
          await scheduling.afterWrite(trx, state);
        });
      } catch (error) {
        await media.removeImage(stored);
        throw error;
      }
      if (stored?.processing) jobs.wake();
      // Purged before the old files go, so no instance keeps serving a page that shows them.
      await purgePublicCaches();
      if (stored) await media.removeImage(parseStoredImage(existing.image_variants, existing.image_url));
      return toPost({ ...existing, ...changes });
    },

    /** Deletes the post and every file of its image. */
    async remove(id: string, actor: Actor): Promise<void> {
      const existing = await findRow(id);
      const deleted = await db.transaction().execute(async (trx) => {
        const found = await repo.deletePost(trx, id);
        if (found) {
          await deleteTranslations(trx, BLOG_AUDIT_ENTITY, id);
          await audit.record(trx, actor, { action: "delete", entity: BLOG_AUDIT_ENTITY, entityId: id });
        }
        return found;
      });
      if (deleted) {
        await purgePublicCaches();
        await media.removeImage(parseStoredImage(existing.image_variants, existing.image_url));
      }
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
