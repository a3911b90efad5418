import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PREVIEW_REFUSED } from "../../lib/staff-preview";

/**
 * The error boundary of the staff previews: a staff member whose role does not edit what a preview
 * shows (an Inbox member opening a post's preview link) gets a page that says so and a way back,
 * not the API's 403 as an error. Anything else is a real error and says so plainly.
 */
export function PreviewRefused() {
  const error = useRouteError();
  const refused = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">
        {refused ? "This preview is not for your role" : "The preview could not be drawn"}
      </h1>
      <p className="mt-4 text-muted">{refused ? PREVIEW_REFUSED : "Please try again in a moment."}</p>
      <Link className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white" to="/admin">
        Back to the dashboard
      </Link>
    </main>
  );
}
