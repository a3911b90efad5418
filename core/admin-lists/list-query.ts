import { z } from "zod";
import { parseInput } from "../shared/validation.ts";
import type { ListPage } from "./list-page.types.ts";

/** Rows on a page unless asked otherwise, and the most one answer carries (a larger ask is capped). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Longer searches are refused: nobody types more, and the pattern is scanned per row. */
export const MAX_SEARCH_LENGTH = 200;

const pageNumber = z.coerce
  .number({ error: "Page must be a whole number from 1." })
  .int({ error: "Page must be a whole number from 1." })
  .min(1, { error: "Page must be a whole number from 1." });

/**
 * One admin list's query string (docs/decisions/0610-admin-lists.md): `page` from 1, `pageSize` up to
 * {@link MAX_PAGE_SIZE}, `sort` one of the list's names (the first is the default), `q` a literal,
 * case-insensitive search, and the list's own filters (each a choice, `all` or absent for none).
 */
export function listQuerySchema<const Sorts extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: Sorts,
  filters: F,
) {
  return z.object({
    page: pageNumber.default(1),
    pageSize: pageNumber.default(DEFAULT_PAGE_SIZE).transform((size) => Math.min(size, MAX_PAGE_SIZE)),
    sort: z.enum(sorts, { error: `Sort must be one of: ${sorts.join(", ")}.` }).default(sorts[0] as Sorts[0]),
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, { error: `Please search with at most ${MAX_SEARCH_LENGTH} characters.` })
      .default(""),
    ...filters,
  });
}

/** A filter that is one of `choices`, or `all` (the default) for none. */
export const choiceFilter = <const C extends readonly [string, ...string[]]>(choices: C) =>
  z
    .enum(["all", ...choices] as [string, ...string[]], { error: `Choose one of: all, ${choices.join(", ")}.` })
    .default("all")
    .transform((value) => value as "all" | C[number]);

/** Parses a request's query string; a bad value is the API's 400 with `fields`. */
export const parseListQuery = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> =>
  parseInput(schema, input ?? {});

/** The answer for a page of rows already mapped to the API's shape. */
export const listPage = <T>(items: T[], total: number, query: { page: number; pageSize: number }): ListPage<T> => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
});

/**
 * A list's one call: parses the query string with the list's schema, reads the page and its count
 * (the feature's repository, through `pageOf`), and answers the shared shape.
 */
export const serveList =
  <S extends z.ZodType, T>(schema: S, read: (query: z.output<S>) => Promise<{ items: T[]; total: number }>) =>
  async (input: unknown): Promise<ListPage<T>> => {
    const query = parseListQuery(schema, input) as z.output<S> & { page: number; pageSize: number };
    const { items, total } = await read(query);
    return listPage(items, total, query);
  };
