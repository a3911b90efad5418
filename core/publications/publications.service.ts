import { pageOf } from "../admin-lists/list-sql.ts";
import type { Actor } from "../audit/audit.ts";
import { createItemWrites, type ItemWritesDeps } from "../item-writes/item-writes.ts";
import type { ImageInput } from "../media/image-input.ts";
import { parseStoredImage } from "../media/stored-image.ts";
import { NotFoundError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { StateFilterSchema, stateOf } from "../versions/item-states.ts";
import { PUBLICATION_NOT_FOUND_MESSAGE, publicationKind } from "./publications.item-kind.ts";
import * as repo from "./publications.repository.ts";
import type { Publication } from "./publications.schema.ts";

export function toPublication(row: repo.PublicationRow): Publication {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    image: parseStoredImage(row.image_variants, row.image_url),
    imageAlt: row.image_alt ?? "",
    imageDecorative: Number(row.image_decorative) === 1,
    link: row.link,
    publicationDate: row.publication_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...stateOf(row),
  };
}

/** Publications: read here, written by the one item-write sequence (core/item-writes). */
export function createPublicationService(deps: ItemWritesDeps) {
  const { db } = deps;
  const writes = createItemWrites(deps, publicationKind);

  return {
    /** Published publications. */
    async list(): Promise<Publication[]> {
      return (await repo.listPublications(db, "published")).map(toPublication);
    },

    /** One page of `list()` and how many there are in all: the public page a page at a time (0725). */
    async listPage(page: { page: number; pageSize: number }): Promise<{ items: Publication[]; total: number }> {
      const { rows, total } = await pageOf(repo.publishedPublications(db), page, (qb) =>
        qb.selectAll().orderBy("publication_date", "desc").orderBy("created_at", "desc").orderBy("id", "desc"),
      );
      return { items: rows.map(toPublication), total };
    },

    /** A published publication. */
    async get(id: string): Promise<Publication> {
      const row = await writes.find(id);
      if (row.status !== "published") throw new NotFoundError(PUBLICATION_NOT_FOUND_MESSAGE);
      return toPublication(row);
    },

    /** Every publication, or those in one state (`{ status }`): the admin list. */
    async listForStaff(query: unknown = {}): Promise<Publication[]> {
      const { status } = parseInput(StateFilterSchema, query);
      return (await repo.listPublications(db, status)).map(toPublication);
    },

    /** A publication in any state: the editor and the preview. */
    async getForStaff(id: string): Promise<Publication> {
      return toPublication(await writes.find(id));
    },

    async create(fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<Publication> {
      return toPublication(await writes.find(await writes.create(fields, image ? [image] : [], actor)));
    },

    /** Without a new image the current one stays; with one, the old files are removed after the save. */
    async update(id: string, fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<Publication> {
      return toPublication(await writes.find(await writes.update(id, fields, image ? [image] : [], actor)));
    },

    remove: (id: string, actor: Actor): Promise<void> => writes.remove(id, actor),
  };
}
