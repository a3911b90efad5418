import { createContext } from "react-router";
import type { Services } from "../server/services.ts";

/**
 * What the server hands to loaders and actions: the same core services the API uses.
 * Imported as `#app-context` on both sides so the token is one object in dev and in the build.
 */
export interface AppContext {
  services: Services;
  cspNonce: string;
  requestId: string;
}

export const appContext = createContext<AppContext>();
