/**
 * How fast a backlog of staff e-mails drains: MAILS jobs (default 500) queued while no worker runs,
 * then the workers of two instances (two connection pools on one database) deliver them to an SMTP
 * server on 127.0.0.1. Prints one line per database. Bounded: gives up after 120 s.
 * Usage: `npm run bench:jobs` (SQLite), with `DATABASE_URL=postgres://…` for PostgreSQL too
 * (it works in a schema of its own and drops it).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startJobWorker } from "../core/jobs/jobs.worker.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { createServices } from "../server/services.ts";
import { createSmtpInbox } from "../tests/support/smtp-inbox.ts";
import { testConfig } from "../tests/support/test-app.ts";

const MAILS = Number(process.env.MAILS ?? 500);
const quiet = { warn: () => undefined, error: () => undefined };

async function drain(label: string, open: () => DatabaseHandle, cleanup: () => Promise<void>) {
  const inbox = await createSmtpInbox();
  await inbox.start();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-bench-jobs-"));
  const config = testConfig(dataDir, {
    mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "site@bench.test" },
    staffEmail: "staff@bench.test",
  });
  const handles = [open(), open()];
  const [first] = handles as [DatabaseHandle];
  await migrateToLatest(first);
  const instances = handles.map((database) => createServices({ config, database }));
  const { email } = instances[0] as ReturnType<typeof createServices>;
  for (let i = 0; i < MAILS; i++) {
    await email.notifyStaff(first.db, { subject: `Message ${i}`, text: "Hello from the bench." });
  }
  const started = performance.now();
  const workers = instances.map((services) => startJobWorker(services.jobs, quiet));
  const deadline = started + 120_000;
  while (inbox.messages.length < MAILS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers.map((worker) => worker.stop()));
  const delivered = inbox.messages.length;
  const unique = new Set(inbox.messages.map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])).size;
  process.stdout.write(
    `staff mail backlog, ${label}, 2 instances: ${delivered}/${MAILS} delivered (${unique} distinct) in ${seconds.toFixed(1)} s = ${(delivered / seconds).toFixed(0)} mails/s\n`,
  );
  for (const handle of handles) await handle.close();
  await inbox.stop();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
}

const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "hbb-bench-sqlite-"));
await drain(
  "SQLite",
  () => openDatabase({ sqlitePath: path.join(sqliteDir, "bench.sqlite") }),
  async () => rmSync(sqliteDir, { recursive: true, force: true }),
);

const url = process.env.DATABASE_URL;
if (url) {
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await drain(
    "PostgreSQL",
    () => openDatabase({ databaseUrl: url, pgSchema: schema }),
    async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  );
}
