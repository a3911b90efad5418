import { useRef } from "react";
import type { ListPageState } from "./use-list-page";

interface ListPagerProps {
  list: Pick<ListPageState<unknown>, "page" | "pageCount" | "setPage" | "wantedPage">;
  /** What is counted, e.g. "applications". */
  noun: string;
}

const button =
  "rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50";

/**
 * "Showing 26–50 of 5000 applications" with First, Previous, Next and Last. A button that a page
 * change disables hands focus to its partner, so the keyboard never drops to the page's top.
 */
export function ListPager({ list, noun }: ListPagerProps) {
  const nav = useRef<HTMLElement>(null);
  const { page } = list;
  if (!page || page.total === 0) return null;
  // The page asked for last, not the one drawn: two quick Nexts go two pages on.
  const current = Math.min(list.wantedPage, list.pageCount);
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.page * page.pageSize, page.total);
  const go = (number: number, fallback: string) => {
    list.setPage(number);
    const focused = document.activeElement as HTMLButtonElement | null;
    const atEdge = number <= 1 || number >= list.pageCount;
    if (atEdge && focused && nav.current?.contains(focused))
      nav.current.querySelector<HTMLButtonElement>(`[data-pager="${fallback}"]`)?.focus();
  };
  return (
    <nav
      ref={nav}
      aria-label="Pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted"
    >
      <p aria-live="polite">
        {first <= page.total ? `Showing ${first}–${last} of ${page.total} ${noun}` : `No ${noun} on this page`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-pager="first"
          className={button}
          disabled={current <= 1}
          onClick={() => go(1, "next")}
        >
          First
        </button>
        <button
          type="button"
          data-pager="previous"
          className={button}
          disabled={current <= 1}
          onClick={() => go(current - 1, "next")}
        >
          Previous
        </button>
        <span>
          Page {Math.min(page.page, list.pageCount)} of {list.pageCount}
        </span>
        <button
          type="button"
          data-pager="next"
          className={button}
          disabled={current >= list.pageCount}
          onClick={() => go(current + 1, "previous")}
        >
          Next
        </button>
        <button
          type="button"
          data-pager="last"
          className={button}
          disabled={current === list.pageCount}
          onClick={() => go(list.pageCount, "previous")}
        >
          Last
        </button>
      </div>
    </nav>
  );
}
