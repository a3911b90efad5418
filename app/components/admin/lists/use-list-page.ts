import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ListPage } from "../../../../core/admin-lists/list-page.types";
import { api } from "../../../lib/api-client";

/** The query names every list shares; a list adds its filters' names. */
const COMMON = ["page", "pageSize", "sort", "q"] as const;

/**
 * One page of a server list (docs/decisions/0610-admin-lists.md), its query held in the URL's
 * search params so a reload, a shared link and Back show the same page. Changing a filter or the
 * search goes back to page 1; typing replaces the history entry, a page or filter change adds one.
 */
export function useListPage<T>(path: string, filterNames: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const names = [...COMMON, ...filterNames];
  const query = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const key = query.toString();
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
    (changes: Record<string, string>, { replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value && value !== "all") next.set(name, value);
            else next.delete(name);
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const page = loaded?.page ?? null;
  return {
    /** The page last answered (kept while the next one loads, so the table does not jump). */
    page,
    items: page?.items ?? [],
    /** True until the page for the current URL has arrived. */
    loading: loaded?.key !== key && failed === false,
    /** True when the page could not be had; `unexpected` says the answer was not a list page. */
    failed: failed !== false,
    unexpected: failed === "unexpected",
    pageCount: page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1,
    value: (name: string) => params.get(name) ?? "",
    set,
    setPage: (number: number) => set({ page: number > 1 ? String(number) : "" }),
    reload,
    /** Changes rows already shown (a message marked read) without asking the server again. */
    patch: (change: (items: T[]) => T[]) =>
      setLoaded((current) => current && { ...current, page: { ...current.page, items: change(current.page.items) } }),
  };
}

export type ListPageState<T> = ReturnType<typeof useListPage<T>>;
