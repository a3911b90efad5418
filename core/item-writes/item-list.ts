import type { z } from "zod";
import { choiceFilter, listQuerySchema } from "../admin-lists/list-query.ts";
import { COVERAGE_FILTERS } from "../translations/translations.repository.ts";
import { DOCUMENT_STATES } from "../versions/states.ts";

/**
 * The admin list of a published kind (blog, publications, gallery, videos) a page at a time
 * (docs/decisions/0721-content-lists-a-page-at-a-time.md): newest first, by state and Amharic version,
 * searched in the kind's own text.
 */
export const ItemListQuerySchema = listQuerySchema(["newest"], {
  status: choiceFilter(DOCUMENT_STATES),
  amharic: choiceFilter(COVERAGE_FILTERS),
});
export type ItemListQuery = z.output<typeof ItemListQuerySchema>;
