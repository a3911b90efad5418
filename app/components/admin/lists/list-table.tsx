import type { ButtonHTMLAttributes, ReactNode } from "react";

export interface ListColumn {
  label: ReactNode;
  /** Where it shows (`hidden sm:table-cell`), its width or alignment. */
  className?: string;
}

/**
 * An admin list's table (Subscribers, Volunteers): a white card that scrolls sideways inside its own
 * box when it must, the lists' heading style, one `<tr>` per item as `children`.
 */
export function ListTable({ columns, children }: { columns: ListColumn[]; children: ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-2xl border bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed
              <th key={index} scope="col" className={`px-4 py-3 ${column.className ?? ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

const TONES = {
  default: "text-brand ring-brand/30 hover:bg-brand-light",
  danger: "text-red-700 ring-red-700/30 hover:bg-red-50",
};

/**
 * A list row's Actions cell: its buttons side by side when the table has room, one under the other
 * when it has not, so the column is never wider than its widest button and no button leaves the box.
 */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="px-4 py-3 align-top">
      <div className="flex flex-wrap justify-end gap-2">{children}</div>
    </td>
  );
}

/** A button in a list row's Actions cell (Copy, Details, Delete: `danger`). */
export function RowAction({
  tone = "default",
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "type"> & { tone?: keyof typeof TONES }) {
  return (
    <button
      type="button"
      {...props}
      className={`rounded-full px-3 py-1 font-semibold ring-1 disabled:cursor-not-allowed disabled:opacity-40 ${TONES[tone]}`}
    />
  );
}
