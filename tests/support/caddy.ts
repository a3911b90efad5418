import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { freePort } from "../e2e/support/server.ts";

/**
 * deploy/Caddyfile, as shipped, run by Caddy in front of a site on 127.0.0.1 (the runbook's step 5):
 * HTTPS from Caddy's own local certificate authority (there is no public name here), compression and
 * the access log as in production. Only what a test machine needs differs: ports, storage and log
 * paths, the upstream port. Used by tests/deploy-proxy.test.ts and by `npm run bench`.
 */
export const CADDY_FOUND = spawnSync("sh", ["-c", "command -v caddy"]).status === 0;

const root = path.resolve(import.meta.dirname, "../..");

export interface RunningCaddy {
  /** `https://localhost:<port>`: the certificate is for `localhost`, Caddy's default site name. */
  baseUrl: string;
  httpsPort: number;
  /** Caddy's process (its CPU is what the front door costs). */
  pid: number;
  /** The local authority's root certificate, for a client that checks the chain. */
  ca: Buffer;
  accessLog: string;
  stop: () => Promise<void>;
}

/**
 * Starts Caddy with the shipped Caddyfile in front of `upstreamPort`; resolves once it answers
 * `/api/health` through HTTPS. `env` is added to Caddy's environment (GOMAXPROCS, for instance).
 */
export async function startCaddy(upstreamPort: number, env: Record<string, string> = {}): Promise<RunningCaddy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-caddy-"));
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const accessLog = path.join(dir, "access.log");
  const shipped = readFileSync(path.join(root, "deploy/Caddyfile"), "utf8");
  if (!shipped.includes("reverse_proxy 127.0.0.1:3000\n")) {
    throw new Error("deploy/Caddyfile no longer sends to 127.0.0.1:3000: update tests/support/caddy.ts");
  }
  const caddyfile = shipped
    .replace(
      "{\n",
      `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n`,
    )
    .replace("reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${upstreamPort}`)
    .replace("/var/log/caddy/hope-behind-bars.log", accessLog);
  writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
  let output = "";
  const caddy: ChildProcess = spawn(
    "caddy",
    ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"],
    {
      env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  caddy.stdout?.on("data", (chunk) => (output += chunk));
  caddy.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<never>((_, reject) =>
    caddy.once("exit", (code) => reject(new Error(`caddy exited (${code}):\n${output}`))),
  );
  const rootCert = path.join(dir, "caddy/pki/authorities/local/root.crt");
  // Caddy issues the certificate from its new local authority at start: wait until it answers.
  const ca = await Promise.race([
    exited,
    (async () => {
      for (;;) {
        if (existsSync(rootCert)) {
          const ca = readFileSync(rootCert);
          if (await answersHealth(httpsPort, ca)) return ca;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })(),
  ]);
  exited.catch(() => {});
  return {
    baseUrl: `https://localhost:${httpsPort}`,
    httpsPort,
    pid: caddy.pid as number,
    ca,
    accessLog,
    stop: async () => {
      if (caddy.exitCode === null) {
        const ended = new Promise((resolve) => caddy.once("exit", resolve));
        caddy.kill("SIGTERM");
        await ended;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const answersHealth = (port: number, ca: Buffer) =>
  new Promise<boolean>((resolve) => {
    https
      .get(
        { host: "127.0.0.1", port, path: "/api/health", servername: "localhost", ca, headers: { host: "localhost" } },
        (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        },
      )
      .on("error", () => resolve(false));
  });
