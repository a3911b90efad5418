import type { GalleryItem } from "../../../core/gallery/gallery.constants";
import { type FieldLanguages, fieldLang } from "../../../core/translations/translations.schema";
import { useI18n } from "../../i18n/i18n";
import { formatCalendarDate } from "../../lib/calendar-date";
import { ResponsiveImage } from "../responsive-image";

interface GalleryCardProps {
  item: GalleryItem & FieldLanguages;
  onOpen: (item: GalleryItem & FieldLanguages) => void;
  sizes?: string;
  priority?: boolean;
  /** h2 on the gallery page, h3 inside a home page section. */
  headingLevel?: 2 | 3;
}

/** A gallery item's cover, title, category and event date; opens the lightbox. */
export function GalleryCard({
  item,
  onOpen,
  sizes = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
  priority,
  headingLevel = 3,
}: GalleryCardProps) {
  const { t, rich, locale, category } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const cover = item.images[0];
  const count = item.images.length;
  return (
    <article className="group h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="relative block aspect-[4/3] w-full overflow-hidden bg-sand"
      >
        {/* The name ("Open photos: {title}, {n} photos") includes the visible badge (WCAG 2.5.3); a
            text rather than aria-label, so an English title inside Amharic words keeps its lang. */}
        <span className="sr-only">
          {rich(count > 1 ? "gallery.openPhotosCount" : "gallery.openPhotos", {
            title: <span lang={fieldLang(item, "title")}>{item.title}</span>,
            count,
          })}
        </span>
        {cover && (
          <ResponsiveImage
            image={cover}
            alt={item.imageAlts?.[0] ?? ""}
            lang={item.imageAlts?.[0] ? fieldLang(item, "imageAlts.0") : undefined}
            sizes={sizes}
            priority={priority}
            pictureClassName="block h-full w-full"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
        {count > 1 && (
          <span
            aria-hidden="true"
            className="absolute right-3 bottom-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white"
          >
            {t("gallery.photos", { count })}
          </span>
        )}
      </button>
      <div className="p-4">
        <p className="text-xs font-semibold tracking-wide text-accent uppercase">{category(item.category)}</p>
        <Heading className="mt-1 font-bold text-ink" lang={fieldLang(item, "title")}>
          {item.title}
        </Heading>
        <p className="mt-1 text-sm text-muted">{formatCalendarDate(item.eventDate, "long", locale)}</p>
      </div>
    </article>
  );
}
