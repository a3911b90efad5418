import { appContext } from "#app-context";
import { VOLUNTEER_FAILED, VOLUNTEER_FIELDS, VolunteerFormIsland } from "../../components/forms/volunteer-form";
import { PageHeader } from "../../components/page-header";
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
  pageMeta(args, {
    title: "Join Our Team",
    description:
      "Volunteer with Hope Behind Bars: share your skills, support our events and help incarcerated women and their children in Ethiopia.",
    path: "/join-team",
  });

const WAYS_TO_HELP = [
  { title: "Share your skills", text: "Teachers, nurses, counsellors and trainers run sessions inside the prisons." },
  { title: "Support our events", text: "Help at fundraising runs, bazaars and awareness days in Addis Ababa." },
  { title: "Open doors", text: "Introduce partners and businesses who can offer work after release." },
];

export default function JoinTeam({ actionData }: Route.ComponentProps) {
  const reply = replyFor(actionData, "volunteer");
  return (
    <>
      <PageHeader eyebrow="Get Involved" title="Join Our Team">
        Volunteers make our work possible. Tell us a little about yourself and how you would like to help, and we will
        get in touch.
      </PageHeader>
      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div>
          <h2 className="text-2xl font-bold">Ways to help</h2>
          <ul className="mt-6 space-y-5">
            {WAYS_TO_HELP.map((way) => (
              <li key={way.title} className="rounded-xl border-l-4 border-accent bg-white pl-4">
                <h3 className="font-semibold text-ink">{way.title}</h3>
                <p className="mt-1 text-muted">{way.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-muted">Volunteers must be at least 18 years old.</p>
        </div>
        <div className="rounded-2xl border border-black/5 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <h2 className="text-2xl font-bold">Volunteer application</h2>
          <div className="mt-6">
            <VolunteerFormIsland {...(reply && { reply })} />
          </div>
        </div>
      </section>
    </>
  );
}
