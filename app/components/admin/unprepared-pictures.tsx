import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { PictureKind, UnpreparedPicture } from "../../../core/media/picture-preparation";
import { api, errorMessage } from "../../lib/api-client";
import { Button } from "../button";

const EDIT_PATHS: Record<PictureKind, string> = {
  gallery: "/admin/gallery/edit/",
  blog: "/admin/blogs/edit/",
  publications: "/admin/publications/edit/",
};
const KIND_LABELS: Record<PictureKind, string> = {
  gallery: "Gallery item",
  blog: "Blog post",
  publications: "Publication",
};

/**
 * The pictures whose smaller sizes could not be made (docs/decisions/0730), all of them or one
 * item's, and `retry`, after which the list is asked again.
 */
export function useUnpreparedPictures(itemId?: string) {
  const [pictures, setPictures] = useState<UnpreparedPicture[]>([]);
  const load = useCallback(async () => {
    const { pictures } = await api<{ pictures: UnpreparedPicture[] }>("/api/admin/pictures/unprepared");
    setPictures(itemId === undefined ? pictures : pictures.filter((picture) => picture.item.id === itemId));
  }, [itemId]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);
  return { pictures, reload: load };
}

/** One line per picture: that it could not be prepared, why, and "Try again". */
export function UnpreparedPictureList({
  pictures,
  reload,
  withItems,
}: {
  pictures: UnpreparedPicture[];
  reload: () => Promise<void>;
  /** On the dashboard: which item each picture belongs to, linked to its screen. */
  withItems?: boolean;
}) {
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState<string | null>(null);

  async function retry(picture: UnpreparedPicture) {
    setBusy(picture.url);
    try {
      await api("/api/admin/pictures/retry", { method: "POST", json: { url: picture.url } });
      setStatus(`Trying again: the picture of “${picture.item.title}” is being prepared.`);
      await reload();
    } catch (error) {
      setStatus(errorMessage(error, "Could not try again. Please try once more."));
    } finally {
      setBusy(null);
    }
  }

  // Kept while it has something to say: "Trying again…" outlives the line it answers, which the
  // list asked again after the retry no longer holds.
  if (pictures.length === 0 && !status) return null;
  return (
    <div>
      <ul className="space-y-3">
        {pictures.map((picture) => (
          <li
            key={picture.url}
            data-unprepared
            className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 text-sm text-red-900">
              {withItems && (
                <p className="font-semibold">
                  {KIND_LABELS[picture.kind]}:{" "}
                  <Link to={`${EDIT_PATHS[picture.kind]}${picture.item.id}`} className="underline">
                    {picture.item.title}
                  </Link>
                </p>
              )}
              <p>The picture could not be prepared. {picture.reason}</p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy === picture.url}
              onClick={() => void retry(picture)}
              aria-label={withItems ? `Try again: ${picture.item.title}` : undefined}
            >
              Try again
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 text-sm text-muted">
        {status}
      </p>
    </div>
  );
}

/** The dashboard's panel: shown only while some picture could not be prepared. */
export function UnpreparedPicturesPanel() {
  const { pictures, reload } = useUnpreparedPictures();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (pictures.length > 0) setShown(true);
  }, [pictures.length]);
  if (!shown) return null;
  return (
    <section aria-labelledby="unprepared-heading" className="mt-10">
      <h2 id="unprepared-heading" className="text-xl font-bold">
        Pictures that could not be prepared
      </h2>
      {pictures.length === 0 ? (
        <p className="mt-2 text-sm text-muted">None left: every picture is prepared or being prepared.</p>
      ) : null}
      <div className="mt-4">
        <UnpreparedPictureList pictures={pictures} reload={reload} withItems />
      </div>
    </section>
  );
}
