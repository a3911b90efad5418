import type { ReactNode } from "react";
import { EmptyState } from "../empty-state";
import type { ListPageState } from "./use-list-page";

interface ListBodyProps {
  list: Pick<ListPageState<unknown>, "page" | "loading" | "failed" | "reload">;
  /** "Loading messages..." */
  loadingText: string;
  /** Shown when the list has nothing at all (no search or filter). */
  empty: ReactNode;
  /** Shown when a search or filter keeps nothing. */
  noMatch: ReactNode;
  /** True when a search or filter is set. */
  narrowed: boolean;
  children: ReactNode;
}

/** A list's loading, failed, empty and no-match states, else its rows (dimmed while the next page loads). */
export function ListBody({ list, loadingText, empty, noMatch, narrowed, children }: ListBodyProps) {
  if (list.failed && !list.page)
    return (
      <p className="mt-8 text-muted">
        The list could not be loaded.{" "}
        <button type="button" onClick={list.reload} className="font-semibold text-brand underline">
          Try again
        </button>
      </p>
    );
  if (!list.page) return <p className="mt-8 text-muted">{loadingText}</p>;
  if (list.page.total === 0 && !list.loading) return <>{narrowed ? noMatch : empty}</>;
  return (
    <div aria-busy={list.loading || undefined} className={list.loading ? "opacity-60 transition-opacity" : undefined}>
      {children}
    </div>
  );
}

export { EmptyState };
