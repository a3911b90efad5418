import { appContext } from "#app-context";
import { formatInstantDate } from "../../lib/dates";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/newsletter-archive";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const newsletters = await services.newsletters.archive();
  return {
    newsletters: newsletters.map(({ _id, subject, previewText, sentAt }) => ({ _id, subject, previewText, sentAt })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Newsletter archive",
    description: "Every newsletter Hope Behind Bars has sent: news from our programmes.",
    path: "/newsletter",
  });

/** The public archive of sent newsletters (staff can leave one out), with an RSS feed. */
export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { newsletters } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">Newsletter archive</h1>
      <p className="mt-3 text-lg text-muted">
        News from our programmes, as subscribers received it. Subscribe at the foot of any page, or follow the{" "}
        <a href="/newsletter/rss.xml" className="font-medium text-brand underline">
          RSS feed
        </a>
        .
      </p>
      {newsletters.length === 0 ? (
        <p className="mt-10 text-muted">No newsletters have been sent yet.</p>
      ) : (
        <ul className="mt-10 divide-y">
          {newsletters.map((n) => (
            <li key={n._id} className="py-5">
              <a href={`/newsletter/${n._id}`} className="text-xl font-semibold text-brand hover:underline">
                {n.subject}
              </a>
              {n.sentAt && <p className="mt-1 text-sm text-muted">{formatInstantDate(n.sentAt)}</p>}
              {n.previewText && <p className="mt-2 text-ink">{n.previewText}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
