import { data } from "react-router";
import { ButtonLink } from "../../components/button-link";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Page not found", noindex: true });

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-28 text-center">
      <p className="text-6xl font-extrabold text-brand">404</p>
      <h1 className="mt-4 text-3xl font-bold">Sorry, page not found!</h1>
      <p className="mt-3 text-muted">The page may have moved, or the link may be mistyped.</p>
      <ButtonLink to="/" className="mt-8">
        Go back home
      </ButtonLink>
    </section>
  );
}
