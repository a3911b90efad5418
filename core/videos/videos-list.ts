import type { Db } from "../../db/database.ts";
import { serveList } from "../admin-lists/list-query.ts";
import { ItemListQuerySchema } from "../item-writes/item-list.ts";
import { pageVideos } from "./videos.repository.ts";

/** Admin → Videos a page at a time, searched in title and description. */
export const createVideoList = ({ db }: { db: Db }) => serveList(ItemListQuerySchema, (query) => pageVideos(db, query));
