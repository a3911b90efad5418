import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import { COVERAGE_FILTERS, coverageIs } from "../translations/translations.repository.ts";
import { TRANSLATABLE_FIELDS } from "../translations/translations.schema.ts";
import { DOCUMENT_STATES } from "../versions/states.ts";
import { toPublication } from "./publications.service.ts";

/** Admin → Publications a page at a time (docs/decisions/0610-admin-lists.md): by state and Amharic version, searched in title and description. */
export const PublicationListQuerySchema = listQuerySchema(["newest"], {
  status: choiceFilter(DOCUMENT_STATES),
  amharic: choiceFilter(COVERAGE_FILTERS),
});

const AMHARIC = {
  kind: "publication",
  locale: "am",
  idColumn: "publications.id",
  fieldCount: TRANSLATABLE_FIELDS.publication.length,
};

export const createPublicationList = ({ db }: { db: Db }) =>
  serveList(PublicationListQuerySchema, async (query) => {
    let filtered = db.selectFrom("publications");
    if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
    const amharic = query.amharic;
    if (amharic !== "all") filtered = filtered.where((eb) => coverageIs(eb, AMHARIC, amharic));
    if (query.q) filtered = filtered.where((eb) => containsText(eb, ["title", "description"], query.q));
    // The whole-list call's order: newest publication date first, same-day ones newest-added first.
    const { rows, total } = await pageOf(filtered, query, (qb) =>
      qb.selectAll().orderBy("publication_date", "desc").orderBy("created_at", "desc").orderBy("id", "desc"),
    );
    return { items: rows.map(toPublication), total };
  });
