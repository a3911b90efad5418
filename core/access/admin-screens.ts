import { ANY_STAFF, type DelegableRole, EDITORS, INBOX, mayUse, type StaffRole } from "./roles.ts";

/**
 * Which roles may open each admin screen: the one table the sidebar, the dashboard tiles and the
 * forbidden-page check read. Each screen names the staff API route it cannot work without; a test
 * (server/api/admin-screens.test.ts) holds the two to the same roles, so the UI never offers a
 * screen whose calls would answer 403, nor hides one a role may use.
 */
export interface AdminScreen {
  /** The screen's path; its sub-pages (…/new, …/edit/:id) share its roles. */
  path: string;
  /** Roles besides Administrator that may open it (none: Administrators only). */
  roles: readonly DelegableRole[];
  /** "METHOD url" of the staff API route the screen needs, as `app.routeCatalog` lists it. */
  needs: string;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: "/admin", roles: ANY_STAFF, needs: "GET /api/admin/me" },
  { path: "/admin/account", roles: ANY_STAFF, needs: "GET /api/admin/account/sessions" },
  { path: "/admin/blogs", roles: EDITORS, needs: "POST /api/blogs" },
  { path: "/admin/gallery", roles: EDITORS, needs: "POST /api/gallery" },
  { path: "/admin/videos", roles: EDITORS, needs: "POST /api/videos" },
  { path: "/admin/publications", roles: EDITORS, needs: "POST /api/publications" },
  { path: "/admin/subscribe", roles: INBOX, needs: "GET /api/subscribe" },
  { path: "/admin/newsletters", roles: EDITORS, needs: "POST /api/newsletters" },
  { path: "/admin/welcome-emails", roles: EDITORS, needs: "PUT /api/email-series/:series/steps/:id" },
  { path: "/admin/volunteers", roles: INBOX, needs: "GET /api/volunteer" },
  { path: "/admin/messages", roles: INBOX, needs: "GET /api/messages/admin" },
  { path: "/admin/people", roles: INBOX, needs: "GET /api/people" },
  { path: "/admin/site", roles: EDITORS, needs: "PUT /api/site-content/:section" },
  { path: "/admin/donations", roles: [], needs: "GET /api/donations" },
  { path: "/admin/supporters", roles: EDITORS, needs: "GET /api/admin/donor-wall" },
  { path: "/admin/insight", roles: EDITORS, needs: "GET /api/insight" },
  { path: "/admin/campaigns", roles: EDITORS, needs: "POST /api/campaigns" },
  { path: "/admin/staff", roles: [], needs: "GET /api/admin/staff" },
  { path: "/admin/activity", roles: [], needs: "GET /api/admin/activity" },
  { path: "/admin/privacy", roles: [], needs: "GET /api/admin/retention" },
];

/** The screen a path belongs to: the longest screen path it is, or lies under. */
export function screenOf(pathname: string): AdminScreen | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  let found: AdminScreen | undefined;
  for (const screen of ADMIN_SCREENS) {
    const under = path === screen.path || path.startsWith(`${screen.path}/`);
    if (under && (!found || screen.path.length > found.path.length)) found = screen;
  }
  return found;
}

/**
 * Whether a staff member may open the page at `pathname`. A path under no screen but the dashboard's
 * (a mistyped address) is open to all staff: it shows "page not found", which gives nothing away.
 */
export function mayOpen(role: StaffRole, pathname: string): boolean {
  const screen = screenOf(pathname);
  return screen ? mayUse(role, screen.roles) : true;
}
