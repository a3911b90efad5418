import { useRouteLoaderData } from "react-router";
import type { AdminMe } from "./admin-session";

/** The signed-in staff member, loaded once by the admin layout; any admin page may read it. */
export function useStaffMember(): AdminMe {
  const me = useRouteLoaderData<AdminMe>("routes/admin/layout");
  if (!me) throw new Error("useStaffMember() outside the admin layout");
  return me;
}
