import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";

/**
 * `q` as a LIKE pattern that matches it literally anywhere: `\`, `%` and `_` are escaped, so a
 * search for "100%" or "a_b" finds those characters and nothing else.
 */
export const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows where any of `columns` contains `q`, case-insensitively (lower() on both sides: SQLite's
 * LIKE folds only ASCII, PostgreSQL's not at all). Null columns never match.
 */
export function containsText<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  q: string,
): Expression<SqlBool> {
  const pattern = containsPattern(q);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}

/**
 * One page of `filtered` and how many rows it has in all, as two queries: the page (ordered and
 * selected by `rowsOf`, then limited) and an aggregate count of the same filter, never by loading rows.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  query: { page: number; pageSize: number },
  rowsOf: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    rowsOf(filtered)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.clearOrderBy().select(sql<number>`count(*)`.as("total")).executeTakeFirst(),
  ]);
  return { rows, total: Number((count as { total?: number } | undefined)?.total ?? 0) };
}
