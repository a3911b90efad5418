import { appContext } from "#app-context";
import type { Publication } from "../../../core/publications/publications.schema";
import { PageHeader } from "../../components/page-header";
import { ResponsiveImage } from "../../components/responsive-image";
import { formatCalendarDate } from "../../lib/dates";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/publications";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  try {
    return { publications: await services.publications.list() };
  } catch (error) {
    console.error("publications: list failed", error);
    return { publications: [] as Publication[] };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "News & Publications",
    description:
      "Hope Behind Bars in the news: articles, reports and features about incarcerated women and their children in Ethiopia.",
    path: "/publications",
  });

export default function Publications({ loaderData }: Route.ComponentProps) {
  const { publications } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Resources" title="News & Publications">
        What journalists, researchers and partners have written about our work.
      </PageHeader>
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        {publications.length === 0 ? (
          <div className="rounded-2xl bg-sand px-6 py-16 text-center">
            <h2 className="text-xl font-bold text-ink">No publications yet</h2>
            <p className="mt-2 text-muted">News features and publications about our work will appear here.</p>
          </div>
        ) : (
          <ul className="space-y-6">
            {publications.map((publication, index) => (
              <li key={publication._id}>
                <article className="group relative grid overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 focus-within:ring-3 focus-within:ring-accent hover:shadow-md sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                  <div className="aspect-[16/10] overflow-hidden bg-sand sm:aspect-auto sm:h-full">
                    <ResponsiveImage
                      image={publication.image}
                      alt=""
                      sizes="(min-width: 1024px) 400px, (min-width: 640px) 40vw, 100vw"
                      priority={index === 0}
                      className="h-full w-full object-cover"
                    />
                  </div>
                  <div className="flex flex-col p-5 sm:p-6">
                    <p className="text-sm text-muted">
                      <time dateTime={publication.publicationDate}>
                        {formatCalendarDate(publication.publicationDate)}
                      </time>
                    </p>
                    <h2 className="mt-1 text-xl font-bold text-ink">
                      <a
                        href={publication.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="after:absolute after:inset-0 focus-visible:outline-none"
                      >
                        {publication.title}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </h2>
                    <p className="mt-2 text-muted">{publication.description}</p>
                    <span aria-hidden="true" className="mt-auto pt-4 font-semibold text-brand group-hover:underline">
                      Read the publication ↗
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
