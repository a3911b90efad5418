import { Link } from "react-router";
import { buttonClasses } from "../button";

/** Edit and Delete for one row of an admin list; both name the record for screen readers. */
export function RowActions({ editTo, title, onDelete }: { editTo: string; title: string; onDelete: () => void }) {
  return (
    <div className="flex w-full shrink-0 justify-end gap-2 sm:w-auto">
      <Link to={editTo} className={buttonClasses("secondary", "sm")} aria-label={`Edit ${title}`}>
        Edit
      </Link>
      <button
        type="button"
        onClick={onDelete}
        className="rounded-full px-4 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
        aria-label={`Delete ${title}`}
      >
        Delete
      </button>
    </div>
  );
}
