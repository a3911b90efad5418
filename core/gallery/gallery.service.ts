import type { Dialect } from "../../db/database.ts";
import type { Actor } from "../audit/audit.ts";
import { createItemWrites, type ItemWritesDeps } from "../item-writes/item-writes.ts";
import type { ImageInput } from "../media/image-input.ts";
import { NotFoundError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { StateFilterSchema } from "../versions/item-states.ts";
import { GALLERY_ITEM_NOT_FOUND, galleryKind } from "./gallery.item-kind.ts";
import * as repo from "./gallery.repository.ts";
import { type GalleryItem, GalleryListQuerySchema, type GalleryPage } from "./gallery.schema.ts";

/** The multipart form as the transport hands it over: text fields and the files sent as `images`. */
export interface GalleryForm {
  fields: Record<string, unknown>;
  /** The files sent, in order: uploads in their spooled files, or bytes (the demo seed, tests). */
  images: ImageInput[];
}

/** Gallery items: read here (paged, searchable), written by the one item-write sequence (core/item-writes). */
export function createGalleryService(deps: ItemWritesDeps & { dialect: Dialect }) {
  const { db, dialect } = deps;
  const writes = createItemWrites(deps, galleryKind);

  async function page(query: unknown, status: GalleryItem["status"] | undefined): Promise<GalleryPage> {
    const { page, limit, category, search } = parseInput(GalleryListQuerySchema, query);
    const { items, hasMore } = await repo.listGalleryItems(db, dialect, {
      offset: (page - 1) * limit,
      limit,
      category,
      search,
      status,
    });
    return { images: items, hasMore };
  }

  return {
    /** A page of published items, newest event first: 9 by default (spec §9), `limit=4` for the home preview. */
    list: (query: unknown = {}) => page(query, "published"),

    /** A published item. */
    async get(id: string): Promise<GalleryItem> {
      const item = await writes.find(id);
      if (item.status !== "published") throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      return item;
    },

    /** A page of every item, or of those in one state (`status`): the admin list. */
    listForStaff: (query: unknown = {}) => page(query, parseInput(StateFilterSchema, query).status),

    /** An item in any state: the editor and the preview. */
    getForStaff: (id: string): Promise<GalleryItem> => writes.find(id),

    async create(form: GalleryForm, actor: Actor): Promise<GalleryItem> {
      return writes.find(await writes.create(form.fields, form.images, actor));
    },

    /** New images replace all existing ones (their files are deleted); without images the old ones stay. */
    async update(id: string, form: GalleryForm, actor: Actor): Promise<GalleryItem> {
      return writes.find(await writes.update(id, form.fields, form.images, actor));
    },

    remove: (id: string, actor: Actor): Promise<void> => writes.remove(id, actor),
  };
}
