import { useRouteLoaderData } from "react-router";
import type { StaffRole } from "../../../core/access/roles";
import type { AdminMe } from "../../lib/admin-session";

/** The admin layout's route id (React Router names a route by its file, app/routes.ts). */
const ADMIN_LAYOUT = "routes/admin/layout";

/**
 * The signed-in staff member's role, inside the admin layout (which loaded it). Kept out of
 * lib/admin-session.ts: the public islands bundle reads that file and has no router.
 */
export function useStaffRole(): StaffRole | undefined {
  return useRouteLoaderData<AdminMe>(ADMIN_LAYOUT)?.role;
}
