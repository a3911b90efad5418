import type { z } from "zod";
import type { Db, Dialect } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { COVERAGE_FILTERS } from "../translations/translations.repository.ts";
import { DOCUMENT_STATES } from "../versions/states.ts";
import { pageGalleryItems } from "./gallery.repository.ts";

/** Admin → Gallery a page at a time, by state and Amharic version, searched in the item's text. */
export const GalleryListQuerySchema = listQuerySchema(["newest"], {
  status: choiceFilter(DOCUMENT_STATES),
  amharic: choiceFilter(COVERAGE_FILTERS),
});
export type GalleryListQuery = z.output<typeof GalleryListQuerySchema>;

export const createGalleryList = ({ db, dialect }: { db: Db; dialect: Dialect }) =>
  serveList(GalleryListQuerySchema, (query) => pageGalleryItems(db, dialect, query));
