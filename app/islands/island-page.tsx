import type { ReactNode } from "react";
import type { I18nData } from "../i18n/i18n";
import { I18N_SCRIPT_ID, type IslandAssets, IslandAssetsContext } from "./island";

/**
 * A public page's body on the server: its islands preload their modules with the request's CSP
 * nonce, and the islands' entry script comes last, in place of React Router's scripts.
 */
export function IslandPage({
  assets,
  i18n,
  nonce,
  children,
}: {
  assets: IslandAssets;
  /** The islands' texts in the page's language only (app/i18n/catalogue.ts). */
  i18n: I18nData;
  nonce?: string;
  children: ReactNode;
}) {
  // Each module once per page, at low priority: React hoists these links into <head>, where at the
  // default (high) priority they would share a slow network with what the first paint waits for
  // (Lighthouse counts high-priority scripts as render-blocking). Decision 0516.
  const preloaded = new Set<string>();
  const preload = (href: string): ReactNode => {
    if (preloaded.has(href)) return null;
    preloaded.add(href);
    return <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />;
  };
  return (
    <IslandAssetsContext value={{ assets, preload }}>
      {assets.entryImports.map(preload)}
      {children}
      <script
        type="application/json"
        id={I18N_SCRIPT_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, "<" escaped so it cannot close the tag
        dangerouslySetInnerHTML={{ __html: JSON.stringify(i18n).replace(/</g, "\\u003c") }}
      />
      {assets.dev && (
        <script
          type="module"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed development preamble, no data
          dangerouslySetInnerHTML={{ __html: DEV_PREAMBLE }}
        />
      )}
      <script type="module" src={assets.entry} nonce={nonce} />
    </IslandAssetsContext>
  );
}

/**
 * What React Router's dev <Scripts /> runs first: Vite's client (HMR) and the React Refresh
 * preamble every component module expects in development.
 */
const DEV_PREAMBLE = `import "/@vite/client";
import "/@id/__x00__virtual:react-router/inject-hmr-runtime";`;
