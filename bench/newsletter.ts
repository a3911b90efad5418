/**
 * A newsletter to SUBSCRIBERS confirmed subscribers (default 10 000) through the built site's job
 * worker to an SMTP sink on 127.0.0.1 (smtp-server), at NEWSLETTER_RATE messages/s (default 500).
 * autocannon loads `/` (10 connections, BENCH_SECONDS each, default 5) once idle and once while the
 * send is under way. Prints the send's duration and rate, the p99 of `/` idle and during the send
 * (budget: at most 2× idle), and the server's memory (RSS) idle and at its peak during the send
 * (budget: at most idle + 256 MB, so it does not grow with the list). Usage:
 * `npm run bench:newsletter` (builds first if needed). Bounded: gives up after 15 minutes.
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { adminApi } from "../tests/e2e/support/admin-api.ts";
import { startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild, measure } from "./load.ts";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 10_000);
const RATE = process.env.NEWSLETTER_RATE ?? "500";
const page = { accept: "text/html" };
/** Peak RSS may exceed idle by this much (MB): the send holds one rendered e-mail and a batch of rows. */
const MEMORY_HEADROOM_MB = 256;

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

ensureBuild();
/** The sink runs in its own process (bench/smtp-sink.ts); `inbox` follows its counts. */
const sink = fork(path.join(import.meta.dirname, "smtp-sink.ts"));
const inbox = { port: 0, received: 0, distinct: 0 };
await new Promise<void>((resolve) => {
  sink.on("message", (message: { port?: number; received?: number; distinct?: number }) => {
    if (message.port) {
      inbox.port = message.port;
      resolve();
    }
    if (message.received !== undefined) inbox.received = message.received;
    if (message.distinct !== undefined) inbox.distinct = message.distinct;
  });
});
const server = await startServer({
  SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
  SMTP_FROM: "Bench <bench@hopebehindbars.test>",
  NEWSLETTER_RATE: RATE,
});
try {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const insert = db.prepare("insert into subscribers (id, email, created_at, status) values (?, ?, ?, 'confirmed')");
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < SUBSCRIBERS; i++) insert.run(randomUUID(), `reader${i}@bench.test`, now);
  })();
  db.close();

  process.stderr.write(`${SUBSCRIBERS} subscribers added; warming up, then measuring / idle\n`);
  // The first render of a page compiles its code: seconds on a busy machine, not what is measured.
  await fetch(`${server.baseUrl}/`, { headers: page });
  await autocannon({ url: `${server.baseUrl}/`, connections: 10, duration: 3, headers: page });
  const idle = await measure(server, "idle", "/", page);
  const idleMb = rssMb(server.pid);
  const api = await adminApi(server);
  const { _id: id } = await api.json<{ _id: string }>("POST", "/api/newsletters", {
    subject: "Bench news",
    content:
      "<p>Twelve women finished the tailoring course this week.</p>" +
      '<p data-button=""><a href="https://hopebehindbars.test/donate">Support the next class</a></p>',
    buttonLabel: "Donate",
    buttonUrl: "/donate",
  });
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid));
  }, 250);
  const started = performance.now();
  await api.json("POST", `/api/newsletters/${id}/send`, {});
  // Measured once the worker has picked the send up.
  while (inbox.received < Math.min(50, SUBSCRIBERS)) await new Promise((resolve) => setTimeout(resolve, 50));
  process.stderr.write("sending; measuring / during the send\n");
  const during = await measure(server, "during send", "/", page);
  const deliveredUnderLoad = inbox.received;
  const deadline = started + 15 * 60_000;
  let reported = 0;
  while (inbox.received < SUBSCRIBERS && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (inbox.received - reported >= 1000) {
      reported = inbox.received;
      process.stderr.write(`  ${reported} delivered\n`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 300)); // the sink's last count
  const delivered = inbox.received;
  const distinct = inbox.distinct;
  const ratio = during.p99Ms / Math.max(idle.p99Ms, 1);
  const memoryOk = peakMb <= idleMb + MEMORY_HEADROOM_MB;
  process.stdout.write(
    [
      `newsletter to ${SUBSCRIBERS} subscribers at up to ${RATE}/s: ${delivered} delivered (${distinct} distinct) in ${seconds.toFixed(1)} s (${(delivered / seconds).toFixed(1)} messages/s)`,
      `p99 of /: idle ${idle.p99Ms} ms (${idle.requestsPerSecond} req/s), during the send ${during.p99Ms} ms (${during.requestsPerSecond} req/s; ${deliveredUnderLoad - 50} messages went out meanwhile) — ${ratio.toFixed(2)}× idle; budget 2× ${ratio <= 2 ? "ok" : "OVER BUDGET"}`,
      `server memory (RSS): idle ${idleMb.toFixed(0)} MB, peak during the send ${peakMb.toFixed(0)} MB; budget idle + ${MEMORY_HEADROOM_MB} MB ${memoryOk ? "ok" : "OVER BUDGET"}`,
      `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, SQLite`,
      "",
    ].join("\n"),
  );
} finally {
  await server.stop();
  sink.send("stop");
  await new Promise((resolve) => sink.once("disconnect", resolve));
}
