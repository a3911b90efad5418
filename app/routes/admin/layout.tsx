import { useEffect, useState } from "react";
import { NavLink, Outlet, redirect, useLoaderData, useLocation, useNavigate } from "react-router";
import { mayOpen } from "../../../core/access/admin-screens";
import { ROLE_LABELS } from "../../../core/access/roles";
import { Forbidden } from "../../components/admin/forbidden";
import { UnreadMessagesBadge } from "../../components/admin/unread-messages-badge";
import { Logo } from "../../components/logo";
import { areasFor } from "../../content/admin-navigation";
import {
  type AdminMe,
  clearAdminToken,
  getAdminToken,
  loginPath,
  SESSION_EXPIRED_EVENT,
  TWO_STEP_SETUP_PATH,
} from "../../lib/admin-session";
import { ApiError, api } from "../../lib/api-client";
import type { Route } from "./+types/layout";
import { LoginForm } from "./login";

/** The access guard (spec §6): no token, or one the server no longer accepts → /admin/login. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const back = loginPath(url.pathname + url.search);
  if (!getAdminToken()) throw redirect(back);
  try {
    const me = await api<AdminMe>("/api/admin/me");
    if (me.enrolmentRequired) throw redirect(TWO_STEP_SETUP_PATH);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearAdminToken();
      throw redirect(back);
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

/**
 * Who is signed in is asked again on every admin navigation (one small request), so a role changed
 * or an account deactivated meanwhile shows at the next click: the sidebar and the forbidden check
 * follow the new role, and a deactivated person is taken to the login page.
 */
export const shouldRevalidate = () => true;

export function HydrateFallback() {
  return <p className="p-8 text-muted">Loading...</p>;
}

export default function AdminLayout() {
  const { email, name, role } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [sessionExpired, setSessionExpired] = useState(false);

  useEffect(() => {
    const onExpired = () => setSessionExpired(true);
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);

  async function logout() {
    try {
      await api("/api/admin/logout", { method: "POST" });
    } catch {
      // The token is dropped locally either way.
    }
    clearAdminToken();
    navigate("/admin/login", { replace: true });
  }

  const sidebar = (
    <nav aria-label="Admin" className="flex h-full flex-col">
      <ul className="space-y-1">
        {areasFor(role).map((area) => (
          <li key={area.path}>
            <NavLink
              to={area.path}
              end={area.path === "/admin"}
              onClick={() => setMenuOpen(false)}
              className={({ isActive }) =>
                `flex items-center rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand text-white" : "text-ink hover:bg-sand"}`
              }
            >
              {area.title}
              {area.path === "/admin/messages" && <UnreadMessagesBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t border-gray-200 pt-4">
        <NavLink
          to="/admin/account"
          onClick={() => setMenuOpen(false)}
          title="Your account: password and sessions"
          className={({ isActive }) =>
            `block rounded-lg px-3 py-2 ${isActive ? "bg-brand text-white" : "text-ink hover:bg-sand"}`
          }
        >
          <span className="block truncate font-medium">{name || "Your account"}</span>
          <span className="block truncate text-xs opacity-80">{email}</span>
          <span className="block text-xs opacity-80">{ROLE_LABELS[role]}</span>
        </NavLink>
        <button
          type="button"
          onClick={logout}
          className="mt-2 w-full rounded-lg px-3 py-2 text-left font-medium text-red-700 hover:bg-red-50"
        >
          Logout
        </button>
      </div>
    </nav>
  );

  return (
    <div className="min-h-screen bg-gray-50 lg:flex">
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-gray-200 bg-white px-4 lg:hidden">
        <span className="font-bold text-brand">Admin Panel</span>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
          className="rounded-lg px-3 py-2 font-medium hover:bg-sand"
        >
          {menuOpen ? "Close" : "Menu"}
        </button>
      </header>
      {menuOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 bg-black/40"
            onClick={() => setMenuOpen(false)}
          />
          <div id="admin-mobile-menu" className="absolute inset-y-0 left-0 w-72 bg-white p-4 shadow-xl">
            {sidebar}
          </div>
        </div>
      )}
      <aside className="hidden w-64 shrink-0 border-r border-gray-200 bg-white p-4 lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col">
        <div className="mb-6 px-2">
          <Logo tagline={false} />
        </div>
        {sidebar}
      </aside>
      <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        {/* A screen the role may not use is not rendered at all: none of its requests are made. */}
        {mayOpen(role, pathname) ? <Outlet /> : <Forbidden role={role} />}
      </main>
      {sessionExpired && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
          <div
            role="dialog"
            aria-modal="true"
            aria-labelledby="relogin-title"
            className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl"
          >
            <h2 id="relogin-title" className="text-lg font-bold">
              Your session has ended
            </h2>
            <p className="mt-1 text-sm text-muted">Log in again to continue. Nothing you typed has been lost.</p>
            <div className="mt-4">
              <LoginForm onSuccess={() => setSessionExpired(false)} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
