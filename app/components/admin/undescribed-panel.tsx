import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { UndescribedImage } from "../../../core/consent/consent.schema";
import { api } from "../../lib/api-client";

const EDIT_PATHS: Record<string, string> = {
  blog: "/admin/blogs/edit/",
  publication: "/admin/publications/edit/",
  "gallery-item": "/admin/gallery/edit/",
  "site-content": "/admin/site/",
};
const KIND_LABELS: Record<string, string> = {
  blog: "Blog post",
  publication: "Publication",
  "gallery-item": "Gallery item",
  "site-content": "Site content",
};

/**
 * The dashboard's list of public pictures with no description, as the spec's clients publish them
 * (docs/decisions/0770-every-picture-described.md), each linked to where staff describe it.
 */
export function UndescribedPanel() {
  const [items, setItems] = useState<UndescribedImage[] | null>(null);
  useEffect(() => {
    api<UndescribedImage[]>("/api/admin/images/undescribed")
      .then(setItems)
      .catch(() => setItems([]));
  }, []);

  return (
    <section aria-labelledby="undescribed-heading" className="mt-10">
      <h2 id="undescribed-heading" className="text-xl font-bold">
        Pictures without a description
      </h2>
      <p className="mt-1 text-sm text-muted">
        Public pictures that screen readers cannot describe: add what each shows, or mark it decorative.
      </p>
      {items === null ? (
        <p className="mt-2 text-muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-muted">Every public picture is described or marked decorative.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {items.map((item) => (
            <li key={`${item.entity}:${item.entityId}:${item.imageUrl}`} className="flex items-center gap-4 p-4">
              <img src={item.imageUrl} alt="" width={96} height={64} className="h-16 w-24 rounded-lg object-cover" />
              <div className="min-w-0 flex-1">
                <Link to={`${EDIT_PATHS[item.entity]}${item.entityId}`} className="font-semibold text-brand underline">
                  {item.title}
                </Link>
                <p className="text-sm text-muted">
                  {KIND_LABELS[item.entity]}
                  {item.position ? ` · image ${item.position}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
