import type { ReactNode } from "react";
import { preloadModule } from "react-dom";
import { type IslandAssets, IslandAssetsContext } from "./island";

/**
 * A public page's body on the server: its islands preload their modules with the request's CSP
 * nonce, and the islands' entry script comes last, in place of React Router's scripts.
 */
export function IslandPage({ assets, nonce, children }: { assets: IslandAssets; nonce?: string; children: ReactNode }) {
  const preload = (href: string) => preloadModule(href, { as: "script", nonce });
  for (const href of assets.entryImports) preload(href);
  return (
    <IslandAssetsContext value={{ assets, preload }}>
      {children}
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
