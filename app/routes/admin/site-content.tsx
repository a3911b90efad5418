import { Link } from "react-router";
import { SECTION_DESCRIPTIONS, SECTION_TITLES, SITE_SECTIONS } from "../../../core/site-content/site-content.schema";
import { adminMeta } from "../../lib/admin-meta";

export const meta = () => adminMeta("Site content");

/** Admin → Site content (docs/decisions/0260-versions-and-states.md): the sections staff can edit. */
export default function AdminSiteContent() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Site content</h1>
      <p className="mt-2 max-w-2xl text-muted">
        The words, figures and pictures of the public pages. Save a draft, preview it, then publish: the public sees
        nothing until you publish, and every publish is kept so you can compare and restore it.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {SITE_SECTIONS.map((section) => (
          <li key={section}>
            <Link
              to={`/admin/site/${section}`}
              className="block h-full rounded-2xl border border-gray-200 bg-white p-5 hover:border-brand hover:shadow-sm"
            >
              <h2 className="text-lg font-bold text-brand-dark">{SECTION_TITLES[section]}</h2>
              <p className="mt-1 text-sm text-muted">{SECTION_DESCRIPTIONS[section]}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
