import { createContext } from "react-router";
import type { Services } from "../server/services.ts";
import type { IslandAssets } from "./islands/island.tsx";

/**
 * What the server hands to loaders and actions: the same core services the API uses.
 * Imported as `#app-context` on both sides so the token is one object in dev and in the build.
 */
export interface AppContext {
  services: Services;
  cspNonce: string;
  requestId: string;
  /** The browser code of the public pages (app/islands). */
  islands: IslandAssets;
  /**
   * Counts a public form's post against the same per-IP limit as the API's forms: the "please wait"
   * message when over it, else null (app/lib/public-form.server.ts). Absent: no limit (tests).
   */
  publicFormLimit?: () => Promise<string | null>;
}

export const appContext = createContext<AppContext>();
