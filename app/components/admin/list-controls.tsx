interface SearchBoxProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchBox({ id, label, value, onChange }: SearchBoxProps) {
  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={label}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2"
      />
    </div>
  );
}

interface PaginationProps {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is counted, e.g. "applications". */
  noun: string;
}

/** "Showing 26–50 of 5000 applications" with Previous / Next. */
export function Pagination({ page, pageCount, pageSize, total, onPage, noun }: PaginationProps) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const button =
    "rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p aria-live="polite">
        Showing {first}–{last} of {total} {noun}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pageCount}
        </span>
        <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
