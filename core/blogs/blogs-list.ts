import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { COVERAGE_FILTERS } from "../translations/translations.repository.ts";
import { DOCUMENT_STATES } from "../versions/states.ts";
import { pageBlogPosts } from "./blogs.repository.ts";
import { toSummary } from "./blogs.service.ts";

/** Admin → Blog a page at a time (docs/decisions/0610-admin-lists.md): by state and Amharic version, searched in title, excerpt and author. */
export const BlogListQuerySchema = listQuerySchema(["newest"], {
  status: choiceFilter(DOCUMENT_STATES),
  amharic: choiceFilter(COVERAGE_FILTERS),
});
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;

export const createBlogList = ({ db }: { db: Db }) =>
  serveList(BlogListQuerySchema, async (query) => {
    const { rows, total } = await pageBlogPosts(db, query);
    return { items: rows.map(toSummary), total };
  });
