import { useEffect, useRef, useState } from "react";

interface ListSearchProps {
  id: string;
  label: string;
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
}

/** Waits this long after the last key before asking the server. */
const TYPING_PAUSE_MS = 250;

/** A list's search box: what is typed is searched once typing pauses, or at once on Enter. */
export function ListSearch({ id, label, value, onSearch }: ListSearchProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Back or a link changed the search: show it.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onSearch(next.trim());
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
