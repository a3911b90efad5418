import { useRef, useState } from "react";
import { NAVIGATION, type NavigationItem } from "../../content/navigation";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { DonateButton } from "../donation/donate-button";
import { ICON_PATHS, Icon } from "../icon";
import { Logo } from "../logo";
import { OtherLanguageLink } from "./language-switcher";

/**
 * Sticky top bar: dropdowns on desktop, an accordion (one section open) on mobile. `pathname` is the
 * page's path without its language prefix (links get the page's language where they are drawn).
 */
export function SiteHeader({ pathname, search = "" }: { pathname: string; search?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { t, path } = useI18n();

  return (
    <header
      className="sticky top-0 z-40 border-b border-black/5 bg-white/95 backdrop-blur"
      // Escape closes the phone menu from anywhere inside it, and focus goes back to its button.
      onKeyDown={(event) => {
        if (event.key === "Escape" && menuOpen) {
          setMenuOpen(false);
          menuButtonRef.current?.focus();
        }
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6 lg:h-20">
        <a href={path("/")} aria-label={t("header.homeLink")} className="shrink-0">
          <Logo />
        </a>
        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAVIGATION.map((item) => (
              <DesktopItem key={item.title} item={item} pathname={pathname} />
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {/* Below 640 px the bar has no room for it: the menu holds it there. */}
          <OtherLanguageLink
            path={pathname + search}
            className="rounded px-2 py-1 text-sm underline underline-offset-4 hover:no-underline max-sm:hidden"
          />
          <DonateButton size="sm" className="whitespace-nowrap max-sm:px-3">
            {t("header.donateNow")}
          </DonateButton>
          <button
            ref={menuButtonRef}
            type="button"
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-sand lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? t("header.closeMenu") : t("header.openMenu")}</span>
            <Icon d={menuOpen ? ICON_PATHS.close : ICON_PATHS.menu} size={24} />
          </button>
        </div>
      </div>
      {menuOpen && (
        <MobileMenu pathname={pathname} languagePath={pathname + search} onNavigate={() => setMenuOpen(false)} />
      )}
    </header>
  );
}

export const SiteHeaderIsland = island("site-header", SiteHeader);

/** Marks the link to the page being shown, like a router's NavLink would. */
const current = (path: string, pathname: string) => (path === pathname ? "page" : undefined);

/** The section holding the page being shown: its parent item is marked in the bar. */
const inSection = (item: NavigationItem, pathname: string) =>
  item.path === pathname || (item.children ?? []).some((child) => child.path.split("#")[0] === pathname);

function DesktopItem({ item, pathname }: { item: NavigationItem; pathname: string }) {
  // "hover" opened by a mouse resting on it, "click" pinned by a click, tap or key: a click on a
  // menu the mouse has just opened pins it rather than closing it under the pointer.
  const [open, setOpen] = useState<false | "hover" | "click">(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { t, path } = useI18n();
  const menuId = `menu-${item.title.replace(/\W+/g, "-").toLowerCase()}`;
  const active = inSection(item, pathname);
  const itemClass = `rounded-md px-3 py-2 text-[0.95rem] font-medium hover:bg-sand hover:text-brand ${active ? "text-brand underline decoration-2 underline-offset-8" : "text-ink"}`;
  if (!item.children) {
    return (
      <li>
        <a href={path(item.path)} aria-current={current(item.path, pathname)} className={`block ${itemClass}`}>
          {t(item.title)}
        </a>
      </li>
    );
  }
  return (
    <li
      className="relative"
      // Touch screens send pointer events too: only a mouse opens on hover, so a tap is one click.
      onPointerEnter={(event) => {
        if (event.pointerType === "mouse") setOpen((state) => state || "hover");
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") setOpen(false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`flex items-center gap-1 ${itemClass}`}
        aria-expanded={open !== false}
        aria-controls={menuId}
        aria-current={active ? "true" : undefined}
        onClick={() => setOpen((state) => (state === "click" ? false : "click"))}
      >
        {t(item.title)}
        <Chevron open={open !== false} />
      </button>
      <ul
        id={menuId}
        hidden={open === false}
        className="absolute left-0 top-full min-w-56 rounded-xl border border-line bg-white p-2 shadow-lg"
      >
        {item.children.map((child) => (
          <li key={child.path}>
            <a
              href={path(child.path)}
              aria-current={current(child.path, pathname)}
              className="block rounded-md px-3 py-2 text-sm hover:bg-sand hover:text-brand aria-[current=page]:font-semibold aria-[current=page]:text-brand"
              onClick={() => setOpen(false)}
            >
              {t(child.title)}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Same-page links (an /about#section while on /about) do not reload the page: close the menu on any choice. */
function MobileMenu({
  pathname,
  languagePath,
  onNavigate,
}: {
  pathname: string;
  languagePath: string;
  onNavigate: () => void;
}) {
  const [openSection, setOpenSection] = useState<string | null>(null);
  const { t, path } = useI18n();
  return (
    <nav
      id="mobile-menu"
      aria-label={t("nav.main")}
      className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-black/5 bg-white px-4 pb-6 lg:hidden"
    >
      <ul className="divide-y divide-black/5">
        {NAVIGATION.map((item) =>
          item.children ? (
            <li key={item.title}>
              <button
                type="button"
                className="flex w-full items-center justify-between py-3 text-left font-medium"
                aria-expanded={openSection === item.title}
                aria-controls={`mobile-section-${item.title.replace(/\W+/g, "-").toLowerCase()}`}
                onClick={() => setOpenSection((current) => (current === item.title ? null : item.title))}
              >
                {t(item.title)}
                <Chevron open={openSection === item.title} />
              </button>
              <ul
                id={`mobile-section-${item.title.replace(/\W+/g, "-").toLowerCase()}`}
                hidden={openSection !== item.title}
                className="pb-2 pl-4"
              >
                {item.children.map((child) => (
                  <li key={child.path}>
                    <a href={path(child.path)} className="block py-2 text-muted hover:text-brand" onClick={onNavigate}>
                      {t(child.title)}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.title}>
              <a
                href={path(item.path)}
                aria-current={current(item.path, pathname)}
                className="block py-3 font-medium"
                onClick={onNavigate}
              >
                {t(item.title)}
              </a>
            </li>
          ),
        )}
        <li className="sm:hidden">
          <OtherLanguageLink path={languagePath} className="block py-3 font-medium underline underline-offset-4" />
        </li>
      </ul>
      <DonateButton className="mt-4 w-full">{t("header.donateNow")}</DonateButton>
    </nav>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`transition-transform ${open ? "rotate-180" : ""}`}
    >
      <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
