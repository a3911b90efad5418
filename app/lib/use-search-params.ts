import { useCallback, useEffect, useMemo, useState } from "react";

/**
 * The page's query string as state, for an island (public pages have no router): updates the
 * address bar without reloading, and follows back/forward. `initial` is the server's view of it.
 */
export function useSearchParams(initial: string) {
  const [search, setSearch] = useState(initial);
  useEffect(() => {
    const follow = () => setSearch(window.location.search);
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: URLSearchParams) => {
    const query = next.toString() ? `?${next}` : "";
    window.history.replaceState(null, "", `${window.location.pathname}${query}${window.location.hash}`);
    setSearch(query);
  }, []);
  return [params, setParams] as const;
}
