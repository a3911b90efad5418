import type { ReactNode } from "react";
import { RowActions } from "./row-actions";

const THUMBNAILS = {
  /** Posts and publications: their pictures are 16:10. */
  picture: { width: 320, height: 200, className: "aspect-[16/10] w-28 sm:w-36" },
  /** Videos: YouTube's 16:9 thumbnail. */
  video: { width: 320, height: 180, className: "aspect-video w-28 sm:w-40" },
} as const;

/**
 * One row of a content list in the admin (posts, publications, videos): thumbnail, title, a two-line
 * summary, a line of facts (state, translation, dates…) and Edit / Delete.
 */
export function ContentRow({
  thumbnail,
  shape = "picture",
  title,
  summary,
  editTo,
  onDelete,
  children,
}: {
  thumbnail: string;
  shape?: keyof typeof THUMBNAILS;
  title: string;
  summary: string;
  editTo: string;
  onDelete: () => void;
  /** The facts line. */
  children: ReactNode;
}) {
  const size = THUMBNAILS[shape];
  return (
    <li className="flex flex-wrap items-start gap-4 p-4 sm:flex-nowrap sm:items-center">
      <img
        src={thumbnail}
        alt=""
        width={size.width}
        height={size.height}
        loading="lazy"
        className={`${size.className} shrink-0 rounded-lg bg-gray-100 object-cover`}
      />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-ink">{title}</h2>
        <p className="mt-1 line-clamp-2 text-sm text-muted">{summary}</p>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">{children}</p>
      </div>
      <RowActions editTo={editTo} title={title} onDelete={onDelete} />
    </li>
  );
}
