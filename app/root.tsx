import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { appContext } from "#app-context";
import { localeOfPath, stripLocale } from "../core/i18n/locale";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SiteToaster } from "./components/site-toaster";
// Built under content-hashed names in /assets/, cached for good (decision 0508); app.css names the same files.
import ethiopic400 from "./fonts/noto-sans-ethiopic-400.woff2?url";
import ethiopic700 from "./fonts/noto-sans-ethiopic-700.woff2?url";
import { ENGLISH_I18N } from "./i18n/english";
import { I18nProvider, useI18n } from "./i18n/i18n";
import { IslandPage } from "./islands/island-page";
import { metaLanguage, seoMeta } from "./lib/seo";
import type { PublicLayoutHandle, loader as publicLoader } from "./routes/public/layout";
import { PUBLIC_LAYOUT } from "./routes/public/layout-id";

export function loader({ context, request }: Route.LoaderArgs) {
  const { services, cspNonce } = context.get(appContext);
  const { pathname } = new URL(request.url);
  // The page's language comes from its URL (docs/decisions/0410); `path` is the page without it.
  return {
    siteUrl: services.config.publicSiteUrl,
    cspNonce,
    locale: localeOfPath(pathname),
    path: stripLocale(pathname),
  };
}

export const meta: Route.MetaFunction = (args) => seoMeta({}, args.loaderData?.siteUrl ?? "", metaLanguage(args));

// With a precedence React puts the stylesheet ahead of the module preloads in <head>: the one
// render-blocking request is asked for first, which brings first paint forward on slow networks.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "high" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.cspNonce;
  // Public pages hydrate only their islands; the back office (and errors outside the site) run the router.
  // Public pages carry no nonce: the same bytes for every visitor (entry.server.tsx, decision 0450).
  const publicPage = useRouteLoaderData<typeof publicLoader>(PUBLIC_LAYOUT);
  // The page's catalogues, from the public layout's handle (not its loader data: decision 0558).
  const texts = useMatches().find((match) => match.id === PUBLIC_LAYOUT)?.handle as PublicLayoutHandle | undefined;
  return (
    <html lang={data?.locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5563" />
        {data?.locale === "am" &&
          // Amharic pages only: the Ethiopic faces (app/app.css) arrive with the stylesheet, not after it.
          ETHIOPIC_FONTS.map((href) => (
            <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
          ))}
        <Meta />
        <Links />
      </head>
      <body>
        {publicPage && texts ? (
          <I18nProvider value={texts.i18n(publicPage.locale)}>
            <IslandPage assets={publicPage.islands} i18n={texts.islandI18n(publicPage.locale)}>
              {children}
            </IslandPage>
          </I18nProvider>
        ) : (
          // The back office and the sandbox checkout are English; shared components (the logo) read it here.
          <I18nProvider value={ENGLISH_I18N}>
            {children}
            <SiteToaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </I18nProvider>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const ETHIOPIC_FONTS = [ethiopic400, ethiopic700];

/** English where no catalogue is at hand (the back office, or an error before the public layout loaded). */
const ERROR_TEXTS = {
  "notFound.heading": "Sorry, page not found!",
  "notFound.missing": "The page you are looking for does not exist.",
  "error.heading": "Something went wrong",
  "error.text": "Please try again in a moment.",
  "notFound.home": "Go back home",
} as const;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { t, path } = useI18n();
  const text = (key: keyof typeof ERROR_TEXTS) => {
    const message = t(key);
    return message === key ? ERROR_TEXTS[key] : message;
  };
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{text(notFound ? "notFound.heading" : "error.heading")}</h1>
      <p className="mt-4 text-muted">{text(notFound ? "notFound.missing" : "error.text")}</p>
      <a className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white" href={path("/")}>
        {text("notFound.home")}
      </a>
    </main>
  );
}
