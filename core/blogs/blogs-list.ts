import type { Db } from "../../db/database.ts";
import { serveList } from "../admin-lists/list-query.ts";
import { ItemListQuerySchema } from "../item-writes/item-list.ts";
import { pageBlogPosts } from "./blogs.repository.ts";
import { toSummary } from "./blogs.service.ts";

/** Admin → Blog a page at a time, searched in title, excerpt and author. */
export const createBlogList = ({ db }: { db: Db }) =>
  serveList(ItemListQuerySchema, async (query) => {
    const { rows, total } = await pageBlogPosts(db, query);
    return { items: rows.map(toSummary), total };
  });
