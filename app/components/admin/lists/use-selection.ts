import { useRef, useState } from "react";

/**
 * Rows ticked for a bulk action, by id, kept across pages. When the bulk bar goes after an action,
 * focus goes to the select-all box (or the page's main region once no row is left), never nowhere.
 */
export function useSelection(pageIds: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectAllRef = useRef<HTMLInputElement>(null);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const change = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    selected,
    selectAllRef,
    allOnPage,
    has: (id: string) => selected.has(id),
    toggle: (id: string) => change([id], !selected.has(id)),
    toggleAllOnPage: () => change(pageIds, !allOnPage),
    forget: (ids: readonly string[]) => change(ids, false),
    clear: () => setSelected(new Set()),
    focusAfterChange: () =>
      requestAnimationFrame(() => (selectAllRef.current ?? document.querySelector<HTMLElement>("main"))?.focus()),
  };
}

export type Selection = ReturnType<typeof useSelection>;
