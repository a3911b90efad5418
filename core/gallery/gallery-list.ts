import type { Db, Dialect } from "../../db/database.ts";
import { serveList } from "../admin-lists/list-query.ts";
import { ItemListQuerySchema } from "../item-writes/item-list.ts";
import { pageGalleryItems } from "./gallery.repository.ts";

/** Admin → Gallery a page at a time, searched in the item's text. */
export const createGalleryList = ({ db, dialect }: { db: Db; dialect: Dialect }) =>
  serveList(ItemListQuerySchema, (query) => pageGalleryItems(db, dialect, query));
