/**
 * What every paginated admin list answers (docs/decisions/0610-admin-lists.md): one page of
 * `items`, the `total` matching the query (every page, not this one), and the `page` and
 * `pageSize` the server used (a pageSize over the cap is answered as the cap). A page past the
 * end has no items and the same total. Zod-free, so the admin UI imports it.
 */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
