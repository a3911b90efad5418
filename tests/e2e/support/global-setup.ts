import { execFileSync } from "node:child_process";
import path from "node:path";

/** Browser journeys run against the production build, built once per run. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, "../../..");
  execFileSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "pipe",
    // Vitest runs with NODE_ENV=test; the site must be built exactly as in production.
    env: { ...process.env, NODE_ENV: "production" },
  });
}
