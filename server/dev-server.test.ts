import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../tests/e2e/support/server.ts";

const reactRouterCli = path.resolve("node_modules/@react-router/dev/bin.cjs");

describe("npm run dev", () => {
  it("listens on PORT and builds the site's URLs from it", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-dev-"));
    // A port the system just handed out: a random one could be another test's server, whose
    // robots.txt names another port.
    const port = await freePort();
    // Its own process group: the CLI relaunches itself, and the test must stop both.
    const child = spawn(process.execPath, [reactRouterCli, "dev"], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: "false", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const robotsTxt = async () => {
      try {
        const response = await fetch(`http://localhost:${port}/robots.txt`);
        return response.ok ? await response.text() : `${response.status}`;
      } catch {
        return "not listening yet";
      }
    };
    try {
      // The first request compiles the server and the page modules: slow on a busy machine.
      await expect
        .poll(robotsTxt, { timeout: 100_000, interval: 500 })
        .toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
    } catch (error) {
      throw new Error(`${(error as Error).message}\ndev server output:\n${output}`);
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
