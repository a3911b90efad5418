import { readFileSync } from "node:fs";
import path from "node:path";
import type { IslandAssets } from "../app/islands/island.tsx";

/** In development Vite serves the islands' source; in production `npm run build` wrote their manifest. */
export function loadIslandAssets(projectRoot: string, development: boolean): IslandAssets {
  if (development) return { entry: "/app/islands/entry.client.tsx", entryImports: [], chunks: {}, dev: true };
  return JSON.parse(readFileSync(path.join(projectRoot, "build/islands.json"), "utf8")) as IslandAssets;
}
