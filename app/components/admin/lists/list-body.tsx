import type { ReactNode } from "react";
import type { ListPageState } from "./use-list-page";

interface ListBodyProps {
  list: Pick<ListPageState<unknown>, "page" | "loading" | "failed" | "reload">;
  /** "Loading messages..." */
  loadingText: string;
  /** Shown when the list has nothing at all (no search or filter), and when it could not be loaded. */
  empty: ReactNode;
  /** Shown when a search or filter keeps nothing. */
  noMatch: ReactNode;
  /** True when a search or filter is set. */
  narrowed: boolean;
  /** The pager: drawn in the same place while the next page loads, so the key that asked keeps focus. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A list's loading, failed, empty and no-match states, else its rows. Rows of the previous query are
 * never shown as the answer to a new one: while a page loads, the loading text stands in for them.
 */
export function ListBody({ list, loadingText, empty, noMatch, narrowed, footer, children }: ListBodyProps) {
  if (list.failed)
    return (
      <>
        {empty}
        <p className="mt-4 text-sm text-muted">
          <button type="button" onClick={list.reload} className="font-semibold text-brand underline">
            Try again
          </button>
        </p>
      </>
    );
  if (!list.page) return <p className="mt-8 text-muted">{loadingText}</p>;
  const nothing = list.page.total === 0 && !list.loading;
  return (
    <div aria-busy={list.loading || undefined}>
      {list.loading ? (
        <p className="mt-8 text-muted">{loadingText}</p>
      ) : nothing ? (
        narrowed ? (
          noMatch
        ) : (
          empty
        )
      ) : (
        children
      )}
      {nothing ? null : footer}
    </div>
  );
}
