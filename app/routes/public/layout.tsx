import { Outlet } from "react-router";
import { DonationProvider } from "../../components/donation/donation-context";
import { SiteFooter } from "../../components/layout/site-footer";
import { SiteHeader } from "../../components/layout/site-header";
import { useHashScroll } from "../../lib/use-hash-scroll";

/** Public pages are the same for every visitor: the server may cache them briefly (server/plugins/page-cache.ts). */
export const headers = () => ({ "x-page-cache": "public" });

export default function PublicLayout() {
  useHashScroll();
  return (
    <DonationProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </DonationProvider>
  );
}
