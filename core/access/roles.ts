/**
 * Staff roles (docs/decisions/0200-staff-roles-and-audit.md). Administrators may use every staff route;
 * a route names the other roles it allows (`config: { roles: [...] }`), and a route that names none is
 * for Administrators only: deny by default.
 */
export const STAFF_ROLES = ["administrator", "editor", "inbox"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What staff read in the back office. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  editor: "Editor",
  inbox: "Inbox",
};

/** What each role is for, shown where an Administrator picks one. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  administrator: "Everything, including staff, donations and settings.",
  editor:
    "Blogs, gallery, videos, publications, site content and newsletters, including sending a newsletter to every subscriber.",
  inbox: "Volunteer applications, messages and subscribers.",
};

/** The roles besides Administrator that a route may name. */
export type DelegableRole = Exclude<StaffRole, "administrator">;

/** Content work: the public site's words and pictures. */
export const EDITORS: readonly DelegableRole[] = ["editor"];
/** People who wrote to the charity. */
export const INBOX: readonly DelegableRole[] = ["inbox"];
/** Any signed-in staff member (their own account, the dashboard). */
export const ANY_STAFF: readonly DelegableRole[] = ["editor", "inbox"];

export const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an Administrator if you need it.";

/** Whether a staff member with `role` may use a route that allows `routeRoles` (besides Administrators). */
export function mayUse(role: StaffRole, routeRoles: readonly DelegableRole[] | undefined): boolean {
  if (role === "administrator") return true;
  return (routeRoles ?? []).includes(role);
}
