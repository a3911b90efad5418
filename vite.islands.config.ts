import { writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import type { IslandAssets } from "./app/islands/island";
import { ISLANDS } from "./app/islands/registry.ts";

/**
 * The browser code of the public pages: React and the islands (app/islands), built after React
 * Router's build into the same assets folder. Writes build/islands.json, which the server reads to
 * name the entry and each island's modules for preloading.
 *
 * The build loads this file with `--configLoader native`: Node runs it as it is, so importing the
 * registry (whose islands are lazy imports) does not drag every island's module graph into the config.
 */
const BASE = "/";
const OUT = "build/client";

function islandAssetsManifest(): Plugin {
  return {
    name: "island-assets-manifest",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const url = (fileName: string) => `${BASE}${fileName}`;
      const withImports = (fileName: string, seen = new Set<string>()): string[] => {
        if (seen.has(fileName)) return [];
        seen.add(fileName);
        return [url(fileName), ...(byFile.get(fileName)?.imports ?? []).flatMap((file) => withImports(file, seen))];
      };
      // Public pages have no router: a router hook in an island would throw there, and cost ~40 KB.
      const routerUser = chunks.find((chunk) =>
        chunk.moduleIds.some((id) => id.includes("/node_modules/react-router/")),
      );
      if (routerUser)
        throw new Error(`islands build: ${routerUser.fileName} bundles react-router; islands use <a>, not Link`);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("islands build: no entry chunk");
      const assets: IslandAssets = {
        entry: url(entry.fileName),
        entryImports: withImports(entry.fileName).slice(1),
        chunks: {},
      };
      for (const chunk of chunks.filter((candidate) => candidate.isDynamicEntry && candidate.facadeModuleId)) {
        const name = path.basename(chunk.facadeModuleId!).replace(/\.tsx?$/, "");
        if (assets.chunks[name]) throw new Error(`islands build: two islands are named "${name}"`);
        assets.chunks[name] = withImports(chunk.fileName);
      }
      // An island named unlike its file would hydrate without its modules preloaded: refuse it.
      const unmatched = Object.keys(ISLANDS).filter((name) => !assets.chunks[name]);
      if (unmatched.length > 0) throw new Error(`islands build: no file named after island(s) ${unmatched.join(", ")}`);
      writeFileSync(path.join(import.meta.dirname, "build/islands.json"), `${JSON.stringify(assets, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  base: BASE,
  publicDir: false,
  plugins: [islandAssetsManifest()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
    ],
  },
  build: {
    outDir: OUT,
    emptyOutDir: false,
    assetsDir: "assets/islands",
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rolldownOptions: {
      input: "app/islands/entry.client.tsx",
      // A "use client" directive means nothing in a bundle that only runs in the browser (React Router
      // drops the same warning from its own builds).
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes("use client")) return;
        warn(warning);
      },
    },
  },
});
