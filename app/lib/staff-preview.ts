import { redirect } from "react-router";
import { clearAdminToken, getAdminToken, loginPath } from "./admin-session";
import { ApiError } from "./api-client";

/**
 * What a staff-only preview page loads in the browser with the staff member's token; without one,
 * or once the session has ended, the way back is through the login page.
 */
export async function loadForStaff<T>(request: Request, load: () => Promise<T>): Promise<T> {
  const { pathname } = new URL(request.url);
  if (!getAdminToken()) throw redirect(loginPath(pathname));
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearAdminToken();
      throw redirect(loginPath(pathname));
    }
    throw error;
  }
}
