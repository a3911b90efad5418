import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { ListPage } from "../../../../core/admin-lists/list-page.types";
import { api } from "../../../lib/api-client";
import { change, landed, listKey, type WantedQuery, wantedValue, wantFrom } from "./wanted-query";

/** The query names every list shares; a list adds its filters' names. */
const COMMON = ["page", "pageSize", "sort", "q"] as const;

/**
 * One page of a server list (docs/decisions/0610-admin-lists.md), its query held in the URL's
 * search params so a reload, a shared link and Back show the same page. Changing a filter or the
 * search goes back to page 1; typing replaces the history entry, a page or filter change adds one.
 * The controls show, and each change builds on, the query last wanted, not the URL last drawn
 * (./wanted-query.ts): changes made faster than the router lands them all count.
 */
export function useListPage<T>(path: string, filterNames: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const names = [...COMMON, ...filterNames];
  // The page shown is the URL's: what is drawn always matches the address a reload would show.
  const key = listKey(params.toString(), names);

  const listId = useId();
  const [wanted, setWanted] = useState<WantedQuery>(() => wantFrom(location.search, listId));
  // The same state, read by changes made before React renders again.
  const latest = useRef(wanted);
  const want = useCallback((next: WantedQuery) => {
    latest.current = next;
    setWanted(next);
  }, []);
  // Layout effect: Back's query is in the controls before the browser paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each landing counts, even Back to the same search
  useLayoutEffect(() => {
    const next = landed(latest.current, location.search, location.state);
    if (next !== latest.current) want(next);
  }, [location.key, location.search, location.state, want]);

  const [loaded, setLoaded] = useState<{ key: string; page: ListPage<T> } | null>(null);
  const [failed, setFailed] = useState<false | "unreachable" | "unexpected">(false);
  const [reloads, setReloads] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks again for the same page
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api<ListPage<T>>(`${path}${key ? `?${key}` : ""}`, { signal: controller.signal })
      .then((page) => {
        // A proxy's error page or a changed call must not draw as rows.
        if (!Array.isArray(page?.items) || typeof page.total !== "number") setFailed("unexpected");
        else setLoaded({ key, page });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed("unreachable");
      });
    return () => controller.abort();
  }, [path, key, reloads]);

  const set = useCallback(
    (changes: Record<string, string>, { replace = false } = {}) => {
      const { state, mark } = change(latest.current, changes);
      want(state);
      setParams(new URLSearchParams(state.search), { replace, preventScrollReset: true, state: mark });
    },
    [setParams, want],
  );

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const page = loaded?.page ?? null;
  const wantedPage = Math.max(1, Number.parseInt(wantedValue(wanted, "page"), 10) || 1);
  return {
    /** The page last answered (kept while the next one loads, so the table does not jump). */
    page,
    items: page?.items ?? [],
    /** True until the page for the query wanted has arrived. */
    loading: loaded?.key !== listKey(wanted.search, names) && failed === false,
    /** True when the page could not be had; `unexpected` says the answer was not a list page. */
    failed: failed !== false,
    unexpected: failed === "unexpected",
    pageCount: page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1,
    /** The page number wanted (the pager counts from it, so two quick Nexts go two pages on). */
    wantedPage,
    value: (name: string) => wantedValue(wanted, name),
    set,
    setPage: (number: number) => set({ page: number > 1 ? String(number) : "" }),
    reload,
    /** Changes rows already shown (a message marked read) without asking the server again. */
    patch: (edit: (items: T[]) => T[]) =>
      setLoaded((current) => current && { ...current, page: { ...current.page, items: edit(current.page.items) } }),
  };
}

export type ListPageState<T> = ReturnType<typeof useListPage<T>>;
