import { Outlet, useLocation } from "react-router";
import { type AppContext, appContext } from "#app-context";
import {
  LANGUAGE_NAMES,
  type Locale,
  localeOf,
  localizePath,
  stripLocale,
  suggestedLocale,
} from "../../../core/i18n/locale";
import { LIGHT_PAGE_ACCEPT_CH, LIGHT_PAGE_VARY, wantsLightPage } from "../../../core/shared/save-data";
import type { DonatingContent } from "../../../core/site-content/site-content.schema";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { DonationRootIsland } from "../../components/donation/donation-root";
import { type FooterContent, SiteFooter } from "../../components/layout/site-footer";
import { SiteHeaderIsland } from "../../components/layout/site-header";
import type { DonationSettings } from "../../content/donation";
import { i18nData, islandI18nData } from "../../i18n/catalogue";
import { type I18nData, useI18n } from "../../i18n/i18n";
import { CameFromContext, cameFromQuery } from "../../lib/came-from";
import { SaveDataContext } from "../../lib/save-data";
import type { Route } from "./+types/layout";

/**
 * Public pages are the same for every visitor: the server may cache them briefly (server/plugins/page-cache.ts),
 * one copy for light pages and one for the rest (core/shared/save-data.ts).
 */
export const headers = () => ({
  "x-page-cache": "public",
  vary: LIGHT_PAGE_VARY,
  "accept-ch": LIGHT_PAGE_ACCEPT_CH,
});

/** A public page's texts, for the page (root.tsx) and its islands, and for `meta` (app/lib/seo.ts). */
export interface PublicLayoutHandle {
  i18n: (locale: Locale) => I18nData;
  islandI18n: (locale: Locale) => I18nData;
}

/**
 * The catalogues reach the page through the route's handle, by the loader's `locale`, and not as
 * loader data: React Router serializes every document's loader data for its client router, which
 * public pages never run, and the catalogue was most of that work (decision 0558).
 */
export const handle: PublicLayoutHandle = { i18n: i18nData, islandI18n: islandI18nData };

/**
 * Public pages are server-rendered documents with islands (app/islands): the root layout sees this
 * loader's data and ships the islands' script instead of the router's.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, islands } = context.get(appContext);
  const locale = localeOf(request);
  // Only a first visit (no remembered choice) whose browser prefers the other language gets a
  // suggestion; the page cache keys pages by it too (server/plugins/page-cache.ts).
  const suggested = suggestedLocale(locale, {
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
  });
  const suggestion = suggested && {
    locale: suggested,
    text: i18nData(suggested).messages["language.suggest"] ?? "",
    dismiss: i18nData(suggested).messages["language.dismiss"] ?? "",
  };
  const { donating, contact, englishPaths } = await services.siteContentTranslations.published(locale);
  const footer: FooterContent = {
    tagline: contact.footerTagline,
    taglineLang: sitePathLang(englishPaths.contact, "footerTagline"),
    social: contact.social,
  };
  const saveData = wantsLightPage((name) => request.headers.get(name));
  return {
    islands,
    donation: donationSettings(services, donating),
    footer,
    confirmByEmail: services.subscribers.doubleOptIn,
    locale,
    suggestion,
    saveData,
  };
}

/** What the pop-up and the donation page (/donate) know about giving. */
export function donationSettings(services: AppContext["services"], donating: DonatingContent): DonationSettings {
  const { crowdfundingUrl, presets, defaultAmount, birrPresets, etbPerUsd: _rate, feeCoverPercent, ...bank } = donating;
  return {
    crowdfundingUrl: crowdfundingUrl || services.config.crowdfundingUrl,
    cardPayments: services.donations.cardPaymentsAvailable,
    birrPayments: services.donations.birrPaymentsAvailable,
    birrPresets,
    feeCoverPercent,
    bank,
    presets,
    defaultAmount,
  };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const { t } = useI18n();
  // The page without its language prefix: the header marks the current page and both switchers link to it.
  const page = stripLocale(pathname);
  const { suggestion } = loaderData;
  return (
    <SaveDataContext.Provider value={loaderData.saveData}>
      <CameFromContext.Provider value={cameFromQuery(search)}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow-[0_0_0_9px_#fff]"
        >
          {t("header.skipToContent")}
        </a>
        <SiteHeaderIsland pathname={page} search={search} />
        <main id="main">
          <Outlet />
        </main>
        <SiteFooter content={loaderData.footer} path={page + search} confirmByEmail={loaderData.confirmByEmail} />
        {suggestion && (
          // Fixed at the bottom: shown or dismissed, it moves nothing on the page (CLS).
          <aside
            data-language-suggestion=""
            lang={suggestion.locale}
            aria-label={LANGUAGE_NAMES[suggestion.locale]}
            className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-ink px-4 py-3 text-white shadow-xl"
          >
            <a
              href={localizePath(page + search, suggestion.locale)}
              hrefLang={suggestion.locale}
              data-language={suggestion.locale}
              className="font-semibold underline underline-offset-4"
            >
              {suggestion.text}
            </a>
            <button type="button" data-language-dismiss="" className="shrink-0 rounded px-2 py-1 text-sm text-white/80">
              {suggestion.dismiss}
            </button>
          </aside>
        )}
        <DonationRootIsland settings={loaderData.donation} />
      </CameFromContext.Provider>
    </SaveDataContext.Provider>
  );
}
