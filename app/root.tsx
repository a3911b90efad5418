import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { appContext } from "#app-context";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SiteToaster } from "./components/site-toaster";
import { IslandPage } from "./islands/island-page";
import { seoMeta } from "./lib/seo";
import type { loader as publicLoader } from "./routes/public/layout";

export function loader({ context }: Route.LoaderArgs) {
  const { services, cspNonce } = context.get(appContext);
  return { siteUrl: services.config.publicSiteUrl, cspNonce };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta({}, loaderData?.siteUrl ?? "");

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
  const publicPage = useRouteLoaderData<typeof publicLoader>("routes/public/layout");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5563" />
        <Meta />
        <Links />
      </head>
      <body>
        {publicPage ? (
          <IslandPage assets={publicPage.islands} nonce={nonce}>
            {children}
          </IslandPage>
        ) : (
          <>
            {children}
            <SiteToaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Sorry, page not found!" : "Something went wrong"}</h1>
      <p className="mt-4 text-muted">
        {notFound ? "The page you are looking for does not exist." : "Please try again in a moment."}
      </p>
      <a className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white" href="/">
        Go back home
      </a>
    </main>
  );
}
