import type { Db } from "../../db/database.ts";
import { serveList } from "../admin-lists/list-query.ts";
import { ItemListQuerySchema } from "../item-writes/item-list.ts";
import { pagePublications } from "./publications.repository.ts";
import { toPublication } from "./publications.service.ts";

/** Admin → Publications a page at a time, searched in title and description. */
export const createPublicationList = ({ db }: { db: Db }) =>
  serveList(ItemListQuerySchema, async (query) => {
    const { rows, total } = await pagePublications(db, query);
    return { items: rows.map(toPublication), total };
  });
