import type { Publication } from "../../../core/publications/publications.schema";
import { type FieldLanguages, fieldLang } from "../../../core/translations/translations.schema";
import { useI18n } from "../../i18n/i18n";
import { formatCalendarDate } from "../../lib/calendar-date";
import { ResponsiveImage } from "../responsive-image";

/** One publication as the public list shows it; the staff preview draws the same. */
export function PublicationCard({
  publication,
  priority = false,
}: {
  publication: Publication & FieldLanguages;
  priority?: boolean;
}) {
  const { t, locale } = useI18n();
  return (
    <article className="group relative grid overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 focus-within:ring-3 focus-within:ring-accent hover:shadow-md sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="aspect-[16/10] overflow-hidden bg-sand sm:aspect-auto sm:h-full">
        <ResponsiveImage
          image={publication.image}
          alt={publication.imageAlt}
          lang={publication.imageAlt ? fieldLang(publication, "imageAlt") : undefined}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 40vw, 100vw"
          priority={priority}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-col p-5 sm:p-6">
        <p className="text-sm text-muted">
          <time dateTime={publication.publicationDate}>
            {formatCalendarDate(publication.publicationDate, "long", locale)}
          </time>
        </p>
        <h2 className="mt-1 text-xl font-bold text-ink">
          <a
            href={publication.link}
            target="_blank"
            rel="noopener noreferrer"
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {/* The title alone in its language: "(opens in a new tab)" is the page's. */}
            <span lang={fieldLang(publication, "title")}>{publication.title}</span>
            <span className="sr-only"> {t("common.opensInNewTab")}</span>
          </a>
        </h2>
        <p className="mt-2 text-muted" lang={fieldLang(publication, "description")}>
          {publication.description}
        </p>
        <span aria-hidden="true" className="mt-auto pt-4 font-semibold text-brand group-hover:underline">
          {t("publications.read")}
        </span>
      </div>
    </article>
  );
}
