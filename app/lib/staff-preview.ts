import { data, redirect } from "react-router";
import { clearAdminToken, getAdminToken, loginPath } from "./admin-session";
import { ApiError } from "./api-client";

/** What a preview answers a staff member whose role does not edit what it shows (the API said 403). */
export const PREVIEW_REFUSED = "Previews are for Editors and Administrators: your role does not include this content.";

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
    // Drawn by the page's PreviewRefused error boundary, not as a crash.
    if (error instanceof ApiError && error.status === 403) throw data({ message: PREVIEW_REFUSED }, { status: 403 });
    throw error;
  }
}
