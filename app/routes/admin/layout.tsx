import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { NavLink, Outlet, redirect, useLoaderData, useLocation, useNavigate } from "react-router";
import { mayOpen } from "../../../core/access/admin-screens";
import { ROLE_LABELS } from "../../../core/access/roles";
import { Forbidden } from "../../components/admin/forbidden";
import { UnreadMessagesBadge } from "../../components/admin/unread-messages-badge";
import { useDialog } from "../../components/admin/use-dialog";
import { ICON_PATHS, Icon } from "../../components/icon";
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
import { ApiError, api, cancelSessionRequests } from "../../lib/api-client";
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
    cancelSessionRequests();
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
      {/* 8 px apart: a focus ring (2 px off, 3 px wide) must not touch the current page's teal row (WCAG 1.4.11). */}
      <ul className="space-y-2">
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
      <div className="mt-auto border-t pt-4">
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
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand focus:shadow-[0_0_0_9px_#fff]"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-white px-4 lg:hidden print:hidden">
        <span className="font-bold text-brand">Admin Panel</span>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-mobile-menu"
          onClick={() => setMenuOpen(true)}
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-medium hover:bg-sand"
        >
          <Icon d={ICON_PATHS.menu} />
          Menu
        </button>
      </header>
      {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)}>{sidebar}</MobileMenu>}
      <aside className="hidden w-64 shrink-0 border-r bg-white p-4 lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto print:hidden">
        <div className="mb-6 px-2">
          <Logo tagline={false} />
        </div>
        {sidebar}
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6 lg:p-8">
        <RouteAnnouncer pathname={pathname} />
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

/** The slide-in menu on small screens: a modal dialog (useDialog), closed by Escape, the backdrop or Close. */
function MobileMenu({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialog(panelRef, onClose);
  return createPortal(
    <div className="fixed inset-0 z-40 lg:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-black/40" onClick={onClose} />
      <div
        ref={panelRef}
        id="admin-mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Admin menu"
        tabIndex={-1}
        className="absolute inset-y-0 left-0 flex w-72 flex-col bg-white p-4 shadow-xl outline-none"
      >
        <div className="mb-4 flex items-center justify-between">
          <span className="font-bold text-brand">Admin Panel</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-sand"
          >
            <Icon d={ICON_PATHS.close} />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * A single-page app changes screens without a page load, so a screen reader hears nothing: announce
 * the new screen's title (set by its meta) after each navigation, but not on the first load.
 */
function RouteAnnouncer({ pathname }: { pathname: string }) {
  const [message, setMessage] = useState("");
  const announced = useRef(pathname);
  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    // The new screen's <title> is in place once React Router has rendered its meta.
    const frame = requestAnimationFrame(() => setMessage(document.title.replace(/ \| .*$/, "")));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p role="status" aria-live="polite" className="sr-only" data-route-announcer>
      {message}
    </p>
  );
}
