import { Link } from "react-router";
import { EDITORS, mayUse } from "../../../core/access/roles";
import { BackgroundWork } from "../../components/admin/background-work";
import { ConsentPanel } from "../../components/admin/consent-panel";
import { areasFor } from "../../content/admin-navigation";
import { adminMeta } from "../../lib/admin-meta";
import { useStaffMember } from "../../lib/use-staff-member";

export const meta = () => adminMeta("Dashboard");

export default function AdminDashboard() {
  const { role } = useStaffMember();
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-1 text-muted">Choose an area to manage.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {areasFor(role)
          .filter((area) => area.path !== "/admin")
          .map((area) => (
            <li key={area.path}>
              <Link
                to={area.path}
                className="block h-full rounded-2xl border border-gray-200 bg-white p-5 shadow-sm hover:border-brand hover:shadow"
              >
                <span className="block text-lg font-semibold text-brand">{area.title}</span>
                <span className="mt-1 block text-sm text-muted">{area.description}</span>
              </Link>
            </li>
          ))}
      </ul>
      {role === "administrator" ? <BackgroundWork /> : null}
      {mayUse(role, EDITORS) ? <ConsentPanel /> : null}
    </div>
  );
}
