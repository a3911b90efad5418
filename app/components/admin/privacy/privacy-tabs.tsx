import { NavLink } from "react-router";

const TABS = [
  { to: "/admin/privacy", label: "Data retention" },
  { to: "/admin/privacy/records", label: "Records of processing" },
  { to: "/admin/privacy/breaches", label: "Breach register" },
];

/** The two views of Admin → Privacy; hidden on paper. */
export function PrivacyTabs() {
  return (
    <nav aria-label="Privacy" className="mt-4 flex flex-wrap gap-2 print:hidden">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            `rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand text-white" : "bg-white text-ink ring-1 ring-gray-300 hover:bg-sand"}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
