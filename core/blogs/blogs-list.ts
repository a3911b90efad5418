import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import { COVERAGE_FILTERS, coverageIs } from "../translations/translations.repository.ts";
import { TRANSLATABLE_FIELDS } from "../translations/translations.schema.ts";
import { DOCUMENT_STATES } from "../versions/states.ts";
import { SUMMARY_COLUMNS } from "./blogs.repository.ts";
import { toSummary } from "./blogs.service.ts";

/** Admin → Blog a page at a time (docs/decisions/0610-admin-lists.md): by state and Amharic version, searched in title, excerpt and author. */
export const BlogListQuerySchema = listQuerySchema(["newest"], {
  status: choiceFilter(DOCUMENT_STATES),
  amharic: choiceFilter(COVERAGE_FILTERS),
});

const AMHARIC = { kind: "blog", locale: "am", idColumn: "blog_posts.id", fieldCount: TRANSLATABLE_FIELDS.blog.length };

export const createBlogList = ({ db }: { db: Db }) =>
  serveList(BlogListQuerySchema, async (query) => {
    let filtered = db.selectFrom("blog_posts");
    if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
    const amharic = query.amharic;
    if (amharic !== "all") filtered = filtered.where((eb) => coverageIs(eb, AMHARIC, amharic));
    if (query.q) filtered = filtered.where((eb) => containsText(eb, ["title", "excerpt", "author_name"], query.q));
    // Newest first, as the whole-list call orders them; never the content (a list shows none).
    const { rows, total } = await pageOf(filtered, query, (qb) =>
      qb.select(SUMMARY_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc"),
    );
    return { items: rows.map(toSummary), total };
  });
