import type { ReactNode } from "react";
import type { Selection } from "./use-selection";

/**
 * The bar of bulk actions, floating while rows are ticked. Placed before the table in the page's
 * order: one Shift+Tab from the select-all box. The count is read out from a status line that is
 * always present (a live region that appears is not announced).
 */
export function BulkBar({ selection, children }: { selection: Selection; children: ReactNode }) {
  const count = selection.selected.size;
  return (
    <>
      <p role="status" className="sr-only">
        {count > 0 ? `${count} selected` : ""}
      </p>
      {count > 0 && (
        <section
          aria-label="Bulk actions"
          className="fixed inset-x-4 bottom-4 z-30 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-2 rounded-2xl bg-ink px-4 py-3 text-white shadow-xl"
        >
          <span className="font-semibold" aria-hidden="true">
            {count} selected
          </span>
          <div className="flex flex-wrap gap-2">
            {children}
            <button
              type="button"
              onClick={() => {
                // The box stays on the page: focus moves before the bar goes, never through <body>.
                selection.selectAllRef.current?.focus();
                selection.clear();
              }}
              className="rounded-full px-3 py-1.5 text-sm font-semibold hover:bg-white/10"
            >
              Clear
            </button>
          </div>
        </section>
      )}
    </>
  );
}

export const bulkButton = "rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold hover:bg-white/20";
export const bulkDeleteButton = "rounded-full bg-red-600 px-3 py-1.5 text-sm font-semibold hover:bg-red-700";
