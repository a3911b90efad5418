import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { migratedSqliteTemplate } from "../../support/dialects.ts";
import { TEST_ADMIN } from "../../support/test-app.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * How long a start may take before the harness gives up, kills the server and shows its log. Not a
 * guess at how long a start takes (seconds, demo content included): a ceiling just under the
 * e2e hookTimeout (vitest.config.ts), so a hung start fails with our message and the server's log
 * rather than with the runner's bare "hook timed out".
 */
export const START_CEILING_MS = 110_000;

/** How much of the end of the server's output a failed start shows. */
const FAILURE_OUTPUT_TAIL = 64 * 1024;
/** How much of it is printed when a server ends while its journeys still use it. */
const UNEXPECTED_END_OUTPUT_TAIL = 4 * 1024;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  admin: typeof TEST_ADMIN;
  /** The server process (the launcher execs Node, so this is Node's own pid). */
  pid: number;
  /** Milliseconds from spawn to the server's readiness message. */
  startMs: number;
  /** Its stdout and stderr so far. */
  output(): string;
  /** kill -9: no shutdown hooks run; the data folder stays. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Resolves on the server's "ready" message (sent after listen), or rejects with why it never came. */
function untilReady(child: ChildProcess, ceilingMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: unknown) => {
      if (message === "ready") done();
    };
    // "close" comes after the process ended and its stdout and stderr were read to the end, so the
    // failure message has everything the server printed.
    const onClose = (code: number | null, signal: string | null) =>
      done(new Error(`server exited before it was ready (${signal ?? `exit code ${code}`})`));
    const timer = setTimeout(() => done(new Error(`server not ready after ${ceilingMs / 1000} s`)), ceilingMs);
    child.on("message", onMessage);
    child.once("close", onClose);
  });
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((resolve) => child.once("close", resolve));
  child.kill(signal);
  await closed;
}

/**
 * Starts the real built site through its launcher (`server/start.sh`, as `npm run serve` does) on a
 * free port with its own temp data folder and a known admin. Pass env to change anything (e.g.
 * SEED_DEMO=true); a DATA_DIR given there is used (a restart on the same data) and left in place by
 * `stop`. Readiness is the server's own IPC message, not polling; a start that fails throws with
 * the server's log.
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    ceilingMs = START_CEILING_MS,
    // The host the browser and PUBLIC_SITE_URL use; passkeys need a name ("localhost"), never an IP address.
    host = "127.0.0.1",
  }: { ceilingMs?: number; host?: "127.0.0.1" | "localhost" } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "hbb-e2e-"));
  // A new site starts on a copy of the migrated template the unit tests use (tests/support/dialects.ts)
  // rather than migrating from empty: the same schema, a second less per journey file. Not a site
  // that seeds demo content: it seeds only on the start that creates its database.
  const fromTemplate = !env.DATA_DIR && !env.DATABASE_URL && env.SEED_DEMO !== "true";
  if (fromTemplate) copyFileSync(await migratedSqliteTemplate(), path.join(dataDir, "hope.sqlite"));
  const baseUrl = `http://${host}:${port}`;
  let output = "";
  const record = (chunk: Buffer) => {
    output += chunk;
  };
  const started = performance.now();
  const child: ChildProcess = spawn("sh", ["server/start.sh"], {
    cwd: root,
    env: {
      // The launcher runs `node`: the same Node 24 as this process.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_SITE_URL: baseUrl,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO: "false",
      // The journeys play a charity trying the site: the sandbox's gifts count, so a gift moves the
      // figures they check. A journey about test gifts passes "true" (docs/decisions/0760).
      SANDBOX_GIFTS_ARE_TEST: "false",
      // The test runs set it (vitest.config.ts, decision 0525); benchmarks measure the production default.
      ...(process.env.VARIANT_ENCODER_PRIORITY
        ? { VARIANT_ENCODER_PRIORITY: process.env.VARIANT_ENCODER_PRIORITY }
        : {}),
      // Start-up steps are logged at info: a failed start shows how far it got.
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    await stopProcess(child, signal);
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilReady(child, ceilingMs);
  } catch (error) {
    // A start that hangs may hang in shutdown too.
    await stop("SIGKILL");
    throw new Error(`${(error as Error).message}; its output:\n${output.slice(-FAILURE_OUTPUT_TAIL) || "(none)"}`);
  }

  // A server that goes away while its journeys run leaves them only "connection refused": say when
  // and how it ended, with the end of its log (once, in the runner's output).
  let stopping = false;
  child.once("close", (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `e2e server ${baseUrl} (pid ${child.pid}) ended while in use (${signal ?? `exit code ${code}`}) at ${new Date().toISOString()}; the end of its output:\n${output.slice(-UNEXPECTED_END_OUTPUT_TAIL)}\n`,
    );
  });
  const deliberately = (end: () => Promise<void>) => () => {
    stopping = true;
    return end();
  };

  return {
    baseUrl,
    dataDir,
    admin: TEST_ADMIN,
    pid: child.pid as number,
    startMs: Math.round(performance.now() - started),
    output: () => output,
    crash: deliberately(() => stopProcess(child, "SIGKILL")),
    stop: deliberately(() => stop()),
  };
}
