import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../button";

interface EmptyStateProps {
  title?: string;
  /** One line of help: why the list is empty, or what will appear here. */
  children: ReactNode;
  /** The way to add the first record. */
  action?: { to: string; label: string };
}

/** What an admin list shows when it has nothing to show. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className={title ? "mt-1 text-muted" : "text-muted"}>{children}</p>
      {action && (
        <Link to={action.to} className={buttonClasses("secondary", "sm", "mt-5")}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
