import { useState } from "react";
import { GALLERY_PREVIEW_SIZE, type GalleryItem, type GalleryPage } from "../../../core/gallery/gallery.constants";
import type { FieldLanguages } from "../../../core/translations/translations.schema";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { api } from "../../lib/api-client";
import { Button } from "../button";
import { GalleryCard } from "./gallery-card";
import { Lightbox } from "./lightbox";

/** A gallery item as a page in its language draws it (`localiseMany`, decision 0420). */
type ShownItem = GalleryItem & FieldLanguages;

/**
 * The home page's four latest gallery items (spec §2), each opening the lightbox; Our Impact shows it too.
 *
 * The loaders: `services.gallery.list({ limit: 4 })` then `translations.localiseMany("gallery-item",
 * images, locale)` (as the gallery page does), or `null` when the load failed, which shows the spec's
 * error with a Try Again button that fetches again from the browser (`?lang=am` on Amharic pages).
 */
export function GalleryPreview({ items: initial }: { items: ShownItem[] | null }) {
  const [items, setItems] = useState(initial);
  const { t, path } = useI18n();
  const [retrying, setRetrying] = useState(false);
  const { locale } = useI18n();
  const [open, setOpen] = useState<ShownItem | null>(null);

  async function retry() {
    setRetrying(true);
    try {
      const lang = locale === "en" ? "" : `&lang=${locale}`;
      // With lang=am the items come localised, as the loader's (server/api/gallery.routes.ts).
      const page = await api<GalleryPage & { images: ShownItem[] }>(
        `/api/gallery?limit=${GALLERY_PREVIEW_SIZE}${lang}`,
      );
      setItems(page.images);
    } catch (error) {
      console.warn("Gallery preview: still unavailable", error);
    } finally {
      setRetrying(false);
    }
  }

  return (
    <section aria-labelledby="gallery-preview-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t("gallery.eyebrow")}</p>
          <h2 id="gallery-preview-title" className="mt-1 text-3xl font-bold text-brand">
            {t("gallery.previewTitle")}
          </h2>
        </div>
        <a href={path("/impact/gallery")} className="font-semibold text-brand underline-offset-4 hover:underline">
          {t("gallery.viewAll")}
        </a>
      </div>
      {items === null ? (
        <div role="alert" className="mt-8 rounded-2xl bg-sand px-6 py-12 text-center">
          <h3 className="text-xl font-bold text-ink">{t("gallery.errorTitle")}</h3>
          <p className="mt-2 text-muted">{t("gallery.errorText")}</p>
          <Button className="mt-6" onClick={retry} disabled={retrying}>
            {t("gallery.tryAgain")}
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.slice(0, GALLERY_PREVIEW_SIZE).map((item) => (
            <li key={item._id}>
              <GalleryCard
                item={item}
                onOpen={setOpen}
                sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
              />
            </li>
          ))}
        </ul>
      )}
      {open && <Lightbox item={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

export const GalleryPreviewIsland = island("gallery-preview", GalleryPreview);
