import { pageOf } from "../admin-lists/list-sql.ts";
import type { Actor } from "../audit/audit.ts";
import { createItemWrites, type ItemWritesDeps } from "../item-writes/item-writes.ts";
import type { ImageInput } from "../media/image-input.ts";
import { parseStoredImage } from "../media/stored-image.ts";
import { NotFoundError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { StateFilterSchema, stateOf } from "../versions/item-states.ts";
import { POST_NOT_FOUND_MESSAGE } from "./blogs.constants.ts";
import { blogKind } from "./blogs.item-kind.ts";
import * as repo from "./blogs.repository.ts";
import { sanitizePostHtml } from "./blogs.sanitize.ts";
import type { BlogPost, BlogPostSummary } from "./blogs.schema.ts";

/** A row without its content is enough for a summary (lists read no content). */
export function toSummary(row: Omit<repo.BlogPostRow, "content">): BlogPostSummary {
  return {
    _id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    image: parseStoredImage(row.image_variants, row.image_url),
    imageAlt: row.image_alt ?? "",
    imageDecorative: Number(row.image_decorative) === 1,
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

/** Blog posts: read here, written by the one item-write sequence (core/item-writes). */
export function createBlogService(deps: ItemWritesDeps) {
  const { db } = deps;
  const writes = createItemWrites(deps, blogKind);

  /** The public finds only a published post (a draft's URL is a 404). */
  async function findPublished(id: string) {
    const row = await writes.find(id);
    if (row.status !== "published") throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    return row;
  }

  /** One page of the published posts, newest first, without content, and how many there are in all: the public blog a page at a time (0725). */
  async function summariesPage(page: {
    page: number;
    pageSize: number;
  }): Promise<{ items: BlogPostSummary[]; total: number }> {
    const { rows, total } = await pageOf(repo.publishedPosts(db), page, (qb) =>
      qb.select(repo.SUMMARY_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc"),
    );
    return { items: rows.map(toSummary), total };
  }

  return {
    /** Published posts, newest first. */
    async list(): Promise<BlogPost[]> {
      return (await repo.listPosts(db, "published")).map(toPost);
    },

    /** The newest `count` published posts, without content: the feed. */
    async latest(count: number): Promise<BlogPostSummary[]> {
      return (await summariesPage({ page: 1, pageSize: count })).items;
    },

    /** A published post's neighbours in the blog's order: the post just older and just newer. */
    async neighbours(id: string): Promise<{ older?: BlogPostSummary; newer?: BlogPostSummary }> {
      const { older, newer } = await repo.publishedNeighbours(db, await findPublished(id));
      return { older: older && toSummary(older), newer: newer && toSummary(newer) };
    },

    /** Every published post's address and last change: the sitemap. */
    async sitemapEntries(): Promise<Array<{ id: string; updatedAt: string }>> {
      return (await repo.publishedDates(db)).map((row) => ({ id: row.id, updatedAt: row.updated_at }));
    },

    summariesPage,

    /** A published post. */
    async get(id: string): Promise<BlogPost> {
      return toPost(await findPublished(id));
    },

    /** Every post, or those in one state (`{ status }`), newest first, without content: the admin list. */
    async listForStaff(query: unknown = {}): Promise<BlogPostSummary[]> {
      const { status } = parseInput(StateFilterSchema, query);
      return (await repo.listPosts(db, status)).map(toSummary);
    },

    /** A post in any state: the editor and the preview. */
    async getForStaff(id: string): Promise<BlogPost> {
      return toPost(await writes.find(id));
    },

    async create(fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<BlogPost> {
      return toPost(await writes.find(await writes.create(fields, image ? [image] : [], actor)));
    },

    /** Without a new image the current one stays; with one, the old files are removed after the save. */
    async update(id: string, fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<BlogPost> {
      return toPost(await writes.find(await writes.update(id, fields, image ? [image] : [], actor)));
    },

    /** Deletes the post and every file of its image. */
    remove: (id: string, actor: Actor): Promise<void> => writes.remove(id, actor),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
