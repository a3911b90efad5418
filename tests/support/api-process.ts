import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase } from "../../db/database.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_ADMIN, testConfig } from "./test-app.ts";

/**
 * The API (without pages, so no build is needed) in a process of its own on a test's PostgreSQL
 * schema: for tests that must see whether the process survives what they do to it.
 */
export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function startApiProcess({
  schema,
  applicationName,
}: {
  schema: string;
  /** Its connections' `application_name`, so the test can end exactly those. */
  applicationName: string;
}): Promise<ApiProcess> {
  const child = spawn(process.execPath, [import.meta.filename], {
    env: {
      PATH: process.env.PATH,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
      HBB_TEST_SCHEMA: schema,
      HBB_TEST_APPLICATION_NAME: applicationName,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const port = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /^listening on (\d+)$/m.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`API process exited (${code}) before listening:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function serve() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-api-"));
  const database = openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL,
    pgSchema: process.env.HBB_TEST_SCHEMA,
    applicationName: process.env.HBB_TEST_APPLICATION_NAME,
  });
  const app = await buildApp({ config: testConfig(dataDir), database, logger: { level: "warn" } });
  app.addHook("onClose", async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await app.services.auth.createAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  await app.listen({ host: "127.0.0.1", port: 0 });
  process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
  const address = app.server.address();
  process.stdout.write(`listening on ${typeof address === "object" && address ? address.port : "?"}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await serve();
