import { Toaster } from "react-hot-toast";
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
import "./app.css";
import type { DonationSettings } from "./content/donation";
import { seoMeta } from "./lib/seo";
import { TOAST_OPTIONS } from "./lib/toast-options";

export function loader({ context }: Route.LoaderArgs) {
  const { services, cspNonce } = context.get(appContext);
  const donation: DonationSettings = {
    crowdfundingUrl: services.config.crowdfundingUrl,
    cardPayments: services.donations.cardPaymentsAvailable,
  };
  return { siteUrl: services.config.publicSiteUrl, cspNonce, donation };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta({}, loaderData?.siteUrl ?? "");

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.cspNonce;
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
        {children}
        <Toaster position="top-center" gutter={8} toastOptions={TOAST_OPTIONS} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
