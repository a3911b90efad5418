import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./support/server.ts";

interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * `server/main.ts` as a process: its signals and its metrics listener. With the browser journeys
 * because the server it starts serves the built site (the e2e setup builds it first).
 */
describe("server process", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** `node server/main.ts` on a free port with a data folder of its own, once it listens. */
  async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-main-"));
    // A port the system just handed out: a random one could be another test's server.
    const port = await freePort();
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    let ended = false;
    const exited = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => {
        ended = true;
        resolve(code);
      }),
    );
    cleanups.push(() => {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    });
    // Generous: a start on a machine busy with other test runs can take tens of seconds. A process
    // that ended instead fails the test at once, with its output (e.g. no build: run `npm run build`).
    await expect.poll(() => ended || output.includes("Server listening"), { timeout: 60_000 }).toBe(true);
    expect(output).toContain("Server listening");
    return { child, port, output: () => output, exited };
  }

  // Each test starts a real server process, which takes a while on a busy machine.
  const PROCESS_TEST_TIMEOUT_MS = 120_000;

  it("finishes in-flight work and exits cleanly on SIGTERM", { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({ METRICS_PORT: String(metricsPort) });
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", database: "sqlite" });
    // The metrics have a listener of their own on 127.0.0.1, never the site's port.
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(await metrics.text()).toContain('hbb_http_requests_total{method="GET",route="/api/health",status="2xx"} 1');
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(404);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down: finishing in-flight requests");
  });

  it("exits within 10 s of SIGTERM while a client trickles a request body at 20 bytes a second", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const server = await startServerProcess();
    const socket = net.connect(server.port, "127.0.0.1");
    let sent = 0;
    const trickle = setInterval(() => {
      socket.write('"aaaaaaaaaaaaaaaaaa"');
      sent += 20;
    }, 1000);
    cleanups.push(() => {
      clearInterval(trickle);
      socket.destroy();
    });
    const socketClosed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => {}); // the server cutting the connection is the point
    socket.write(
      "POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
    );
    await expect.poll(() => sent, { timeout: 5000 }).toBeGreaterThanOrEqual(40);

    const signalled = performance.now();
    server.child.kill("SIGTERM");
    const code = await Promise.race([
      server.exited,
      new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 10_000).unref()),
    ]);
    expect(code, server.output()).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    await socketClosed;
  });
});
