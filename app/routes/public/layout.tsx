import { Outlet, useLocation } from "react-router";
import { appContext } from "#app-context";
import { DonationRootIsland } from "../../components/donation/donation-root";
import { type FooterContent, SiteFooter } from "../../components/layout/site-footer";
import { SiteHeaderIsland } from "../../components/layout/site-header";
import { SiteToasterIsland } from "../../components/site-toaster";
import type { DonationSettings } from "../../content/donation";
import type { Route } from "./+types/layout";

/** Public pages are the same for every visitor: the server may cache them briefly (server/plugins/page-cache.ts). */
export const headers = () => ({ "x-page-cache": "public" });

/**
 * Public pages are server-rendered documents with islands (app/islands): the root layout sees this
 * loader's data and ships the islands' script instead of the router's.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, islands } = context.get(appContext);
  const { donating, contact } = await services.siteContent.published();
  const { crowdfundingUrl, presets, defaultAmount, ...bank } = donating;
  const donation: DonationSettings = {
    crowdfundingUrl: crowdfundingUrl || services.config.crowdfundingUrl,
    cardPayments: services.donations.cardPaymentsAvailable,
    bank,
    presets,
    defaultAmount,
  };
  const footer: FooterContent = { tagline: contact.footerTagline, social: contact.social };
  return { islands, donation, footer };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeaderIsland pathname={pathname} />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter content={loaderData.footer} />
      <DonationRootIsland settings={loaderData.donation} />
      <SiteToasterIsland />
    </>
  );
}
