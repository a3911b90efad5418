import type { ReactNode } from "react";

/** One part of the account screen (/admin/account): a titled card. Each section is its own component. */
export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
