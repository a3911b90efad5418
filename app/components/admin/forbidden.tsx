import { Link } from "react-router";
import { ROLE_LABELS, type StaffRole } from "../../../core/access/roles";

/** What a staff member sees on a screen their role does not include, instead of the screen. */
export function Forbidden({ role }: { role: StaffRole }) {
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto max-w-xl py-16 text-center">
      <h1 id="forbidden-title" className="text-2xl font-bold">
        You don't have access to this page
      </h1>
      <p className="mt-3 text-muted">
        Your role is <strong className="text-ink">{ROLE_LABELS[role]}</strong>, which does not include this part of the
        back office. Ask an Administrator if you need it.
      </p>
      <Link to="/admin" className="mt-6 inline-block font-semibold text-brand underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
