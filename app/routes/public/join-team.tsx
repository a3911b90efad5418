import { appContext } from "#app-context";
import { VOLUNTEER_FAILED, VOLUNTEER_FIELDS, VolunteerFormIsland } from "../../components/forms/volunteer-form";
import { PageHeader } from "../../components/page-header";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { replyFor } from "../../lib/form-reply";
import { handlePublicForm } from "../../lib/public-form.server";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/join-team";

/** The application posted before the page's JavaScript ran (decision 0430): the API's service, this page again. */
export async function action(args: Route.ActionArgs) {
  const { volunteers } = args.context.get(appContext).services;
  return handlePublicForm(args, {
    form: "volunteer",
    fields: VOLUNTEER_FIELDS,
    failure: VOLUNTEER_FAILED,
    submit: (input) => volunteers.submit(input),
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("nav.joinTeam"), description: t("join.metaDescription"), path: "/join-team" }));

const WAYS_TO_HELP = [
  { title: "join.skillsTitle", text: "join.skillsText" },
  { title: "join.eventsTitle", text: "join.eventsText" },
  { title: "join.doorsTitle", text: "join.doorsText" },
] satisfies Array<{ title: MessageKey; text: MessageKey }>;

export default function JoinTeam({ actionData }: Route.ComponentProps) {
  const reply = replyFor(actionData, "volunteer");
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("join.eyebrow")} title={t("nav.joinTeam")}>
        {t("join.intro")}
      </PageHeader>
      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div>
          <h2 className="text-2xl font-bold">{t("join.waysToHelp")}</h2>
          <ul className="mt-6 space-y-5">
            {WAYS_TO_HELP.map((way) => (
              <li key={way.title} className="rounded-xl border-l-4 border-accent bg-white pl-4">
                <h3 className="font-semibold text-ink">{t(way.title)}</h3>
                <p className="mt-1 text-muted">{t(way.text)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-muted">{t("join.ageNote")}</p>
        </div>
        <div className="rounded-2xl border border-black/5 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <h2 className="text-2xl font-bold">{t("volunteer.form")}</h2>
          <div className="mt-6">
            <VolunteerFormIsland {...(reply && { reply })} />
          </div>
        </div>
      </section>
    </>
  );
}
