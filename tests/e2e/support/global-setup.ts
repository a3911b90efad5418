import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { browserAvailable, launchSharedBrowser } from "./chromium.ts";

/**
 * Browser journeys run against the production build, built once per run, in one Chromium shared by
 * every journey file (browser.ts, launchBrowser). A build that warns fails
 * the run: a newcomer's first `npm start` should print no noise they must learn to ignore.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../../..");
  const build = spawnSync("npm", ["run", "build"], {
    cwd: root,
    encoding: "utf8",
    // Vitest runs with NODE_ENV=test; the site must be built exactly as in production.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  // npm's own warnings are about the machine's npm settings, not about this project.
  const warnings = build.stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));
  if (warnings.length > 0) throw new Error(`npm run build printed warnings:\n${warnings.join("\n")}`);

  const browser = browserAvailable ? await launchSharedBrowser() : undefined;
  project.provide("sharedBrowser", browser?.wsEndpoint() ?? "");
  return () => browser?.close();
}
