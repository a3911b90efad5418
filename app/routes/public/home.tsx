import { Button, ButtonLink } from "../../components/button";
import { useDonation } from "../../components/donation/donation-context";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { path: "/" });

/** The home page's sections arrive with the Home/Impact/About issue; this is its frame. */
export default function Home() {
  const { openDonation } = useDonation();
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-brand sm:text-5xl">
          Restoring Dignity, Rebuilding Lives
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted">
          We stand with incarcerated women and their children in Ethiopia — with essentials, education and a way home.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button size="lg" onClick={() => openDonation()}>
            Donate Now
          </Button>
          <ButtonLink to="/join-team" size="lg" variant="secondary">
            Become a Partner
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
