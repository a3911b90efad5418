import { useMemo, useState } from "react";

export const ADMIN_PAGE_SIZE = 25;

/**
 * Search and pages over a list held in the browser, so staff lists stay quick with thousands
 * of rows (only one page is rendered). A new search goes back to page 1.
 */
export function usePagedList<T>(items: T[], searchText: (item: T) => string, pageSize = ADMIN_PAGE_SIZE) {
  const [query, setQueryState] = useState("");
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return items;
    return items.filter((item) => searchText(item).toLowerCase().includes(needle));
  }, [items, query, searchText]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pageCount);
  const pageItems = filtered.slice((current - 1) * pageSize, current * pageSize);

  return {
    query,
    setQuery: (value: string) => {
      setQueryState(value);
      setPage(1);
    },
    page: current,
    setPage,
    pageCount,
    pageSize,
    filtered,
    pageItems,
  };
}
