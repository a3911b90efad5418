import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { COVERAGE_FILTERS } from "../translations/translations.repository.ts";
import { DOCUMENT_STATES } from "../versions/states.ts";
import { pagePublications } from "./publications.repository.ts";
import { toPublication } from "./publications.service.ts";

/** Admin → Publications a page at a time (docs/decisions/0610-admin-lists.md): by state and Amharic version, searched in title and description. */
export const PublicationListQuerySchema = listQuerySchema(["newest"], {
  status: choiceFilter(DOCUMENT_STATES),
  amharic: choiceFilter(COVERAGE_FILTERS),
});
export type PublicationListQuery = z.output<typeof PublicationListQuerySchema>;

export const createPublicationList = ({ db }: { db: Db }) =>
  serveList(PublicationListQuerySchema, async (query) => {
    const { rows, total } = await pagePublications(db, query);
    return { items: rows.map(toPublication), total };
  });
