import type { ListPageState } from "./use-list-page";

interface ListFilterProps {
  list: Pick<ListPageState<unknown>, "value" | "set">;
  /** The filter's name in the URL and in the list call, e.g. "status". */
  name: string;
  id: string;
  label: string;
  /** Value and text of each option; "all" is the unfiltered choice. */
  choices: ReadonlyArray<readonly [value: string, text: string]>;
}

/** One of a list's filters: a labelled select whose choice lives in the URL with the rest of the query. */
export function ListFilter({ list, name, id, label, choices }: ListFilterProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={list.value(name) || "all"}
        onChange={(event) => list.set({ [name]: event.target.value })}
        className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-ink"
      >
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
