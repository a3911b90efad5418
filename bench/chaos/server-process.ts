import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const CHAOS_ADMIN = { email: "chaos@hopebehindbars.test", password: "chaos monkey battery staple" };

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

/**
 * The real `server/main.ts` as a child process, restartable on the same port and data folder (a
 * kill -9 and a restart is what an operator's process manager does).
 */
export class ServerProcess {
  readonly baseUrl: string;
  private child: ChildProcess | undefined;
  private log = "";
  private readonly env: Record<string, string>;
  readonly port: number;

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.env = {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_SITE_URL: this.baseUrl,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: CHAOS_ADMIN.email,
      ADMIN_PASSWORD: CHAOS_ADMIN.password,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Workers send X-Forwarded-For so the per-IP limits of public forms see many visitors.
      TRUST_PROXY: "127.0.0.1",
      ...env,
    };
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last part of the server's output, for a report when something went wrong. */
  output(): string {
    return this.log.slice(-4000);
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      env: this.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-64_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.alive) throw new Error(`server exited during start:\n${this.output()}`);
      if (await this.healthy()) return;
      if (Date.now() > deadline) throw new Error(`server did not start in ${timeoutMs} ms:\n${this.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  /** SIGKILL: no shutdown hook runs, exactly like a power cut for the process. */
  async kill9(): Promise<void> {
    await this.signal("SIGKILL");
  }

  async stop(): Promise<void> {
    await this.signal("SIGTERM");
  }

  private async signal(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }
}

/** Logs the chaos admin in; the token is what every admin call sends. */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(CHAOS_ADMIN),
  });
  if (!response.ok) throw new Error(`chaos admin login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
