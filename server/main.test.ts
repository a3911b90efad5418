import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("server process", () => {
  it("finishes in-flight work and exits cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-main-"));
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "test",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    try {
      await expect.poll(() => output, { timeout: 20_000 }).toContain("Server listening");
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: "ok", database: "sqlite" });
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("shutting down: finishing in-flight requests");
    } finally {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
