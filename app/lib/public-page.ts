/**
 * The public lists (blog, publications) a page at a time, by `?page=N` links that work without
 * JavaScript (docs/decisions/0725-public-lists-a-page-at-a-time.md).
 */
export const PUBLIC_PAGE_SIZE = 12;

/**
 * The page `?page=` asks for: 1 when absent, null when it names no page there could be (anything but
 * a whole number from 1 written plainly, so `?page=02` is not a second copy of page 2 in the cache).
 */
export function pageAsked(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("page");
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / PUBLIC_PAGE_SIZE));

/**
 * Page `page` of the list at `path` (which may carry the list's own filter, e.g. `?fund=`): page 1
 * is the list's own address, without a page number.
 */
export const pageHref = (path: string, page: number) =>
  page === 1 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
