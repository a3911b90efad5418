import { useEffect, useRef, useState } from "react";
import type { ListPageState } from "./use-list-page";

interface ListSearchProps {
  /** The list searched: its `q`, which lives in the URL with the rest of the query. */
  list: Pick<ListPageState<unknown>, "value" | "set">;
  id: string;
  label: string;
}

/** Waits this long after the last key before asking the server. */
const TYPING_PAUSE_MS = 250;

/** A list's search box: what is typed is searched once typing pauses, or at once on Enter. */
export function ListSearch({ list, id, label }: ListSearchProps) {
  // The search the list wants (its own last ask, or the URL's after Back or a link).
  const value = list.value("q");
  const onSearch = (q: string) => list.set({ q }, { replace: true });
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search last asked for or shown. Our own ask coming back as `value` must not overwrite
  // what has been typed since; only a search from elsewhere (Back, a link) replaces the text and
  // a pause still pending.
  const asked = useRef(value);
  useEffect(() => {
    if (value === asked.current) return;
    asked.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (next: string) => {
    clearTimeout(timer.current);
    const q = next.trim();
    if (q === asked.current) return;
    asked.current = q;
    onSearch(q);
  };
  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={label}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(next), TYPING_PAUSE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") search(text);
        }}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2"
      />
    </div>
  );
}
