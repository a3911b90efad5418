import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import { SaveDataContext } from "../lib/save-data";
import type { IslandName } from "./registry";

/**
 * Where the browser finds each island's code: built by `vite.islands.config.ts`, read by the server
 * at start (server/island-assets.ts) and handed to the public layout.
 */
export interface IslandAssets {
  /** The script that finds and hydrates the islands of a page. */
  entry: string;
  /** Module URLs to preload with the entry (its own imports). */
  entryImports: string[];
  /** Per island, the module URLs it needs (its chunk and its imports). */
  chunks: Partial<Record<string, string[]>>;
  /** Development only: Vite's client and React Refresh must run before any module. */
  dev?: boolean;
}

/** The page's JSON of its islands' texts (app/islands/island-page.tsx → app/islands/entry.client.tsx). */
export const I18N_SCRIPT_ID = "island-i18n";

/**
 * What the server hands the islands of a page: their assets and a way to preload modules. The preload
 * comes from the page (app/islands/island-page.tsx) so that this module, which the browser loads with
 * every island, needs nothing from react-dom: the browser runs the islands on Preact (decision 0400).
 */
export const IslandAssetsContext = createContext<{
  assets: IslandAssets;
  /** A module's preload link the first time a page asks for it (React hoists it into <head>), else nothing. */
  preload: (href: string) => ReactNode;
} | null>(null);

/**
 * Makes a component an island: the server renders it in place, and the browser hydrates it on its
 * own (app/islands/entry.client.tsx) with the same props. Public pages ship no router runtime, only
 * React and the islands they contain (docs/decisions/0006).
 *
 * Rules for an island: props are plain JSON data; no router hooks or Link (there is no router in
 * the browser; the islands build refuses react-router); no useId in server-rendered markup (the
 * server renders the island inside the page, the browser as its own root, so generated ids differ:
 * name ids after the thing they label instead).
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const context = useContext(IslandAssetsContext);
    const saveData = useContext(SaveDataContext);
    const preloads = (context?.assets.chunks[name] ?? []).map((href) => context?.preload(href));
    return (
      <>
        {preloads}
        <div
          data-island={name}
          data-props={JSON.stringify(props)}
          data-save-data={saveData ? "" : undefined}
          className="contents"
        >
          <Component {...props} />
        </div>
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
