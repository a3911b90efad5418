/**
 * A newsletter to SUBSCRIBERS confirmed subscribers (default 10 000) through the built site's job
 * worker to an SMTP server on 127.0.0.1, at NEWSLETTER_RATE messages/s (default 500), while
 * autocannon loads `/`. Prints the send's duration, the p99 of `/` idle and during the send (budget:
 * at most 2× idle) and the server's peak memory (RSS). Usage: `npm run bench:newsletter` (builds
 * first if needed). Bounded: gives up after 10 minutes.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { adminApi } from "../tests/e2e/support/admin-api.ts";
import { startServer } from "../tests/e2e/support/server.ts";
import { createSmtpInbox } from "../tests/support/smtp-inbox.ts";
import { ensureBuild, measure } from "./load.ts";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 10_000);
const RATE = process.env.NEWSLETTER_RATE ?? "500";
const page = { accept: "text/html" };

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

ensureBuild();
const inbox = await createSmtpInbox();
await inbox.start();
const server = await startServer({
  SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
  SMTP_FROM: "Bench <bench@hopebehindbars.test>",
  NEWSLETTER_RATE: RATE,
  LOG_LEVEL: "warn",
});
try {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const insert = db.prepare("insert into subscribers (id, email, created_at, status) values (?, ?, ?, 'confirmed')");
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < SUBSCRIBERS; i++) insert.run(randomUUID(), `reader${i}@bench.test`, now);
  })();
  db.close();

  process.stderr.write(`${SUBSCRIBERS} subscribers added; measuring / idle\n`);
  const idle = await measure(server.baseUrl, "idle", "/", page);
  const api = await adminApi(server);
  const { _id: id } = await api.json<{ _id: string }>("POST", "/api/newsletters", {
    subject: "Bench news",
    content: "<p>Twelve women finished the tailoring course this week.</p>",
    buttonLabel: "Donate",
    buttonUrl: "/donate",
  });
  const started = performance.now();
  await api.json("POST", `/api/newsletters/${id}/send`, {});
  let peakMb = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid));
  }, 250);
  process.stderr.write("sending; measuring / during the send\n");
  const during = await measure(server.baseUrl, "during send", "/", page);
  const deadline = started + 10 * 60_000;
  while (inbox.messages.length < SUBSCRIBERS && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const delivered = inbox.messages.length;
  const distinct = new Set(inbox.messages.map((raw) => /^To: (.+)$/m.exec(raw)?.[1])).size;
  const ratio = during.p99Ms / Math.max(idle.p99Ms, 1);
  process.stdout.write(
    [
      `newsletter to ${SUBSCRIBERS} subscribers at ${RATE}/s: ${delivered} delivered (${distinct} distinct) in ${seconds.toFixed(1)} s`,
      `p99 of /: idle ${idle.p99Ms} ms, during the send ${during.p99Ms} ms (${ratio.toFixed(2)}× idle; budget 2×) ${ratio <= 2 ? "ok" : "OVER BUDGET"}`,
      `server memory (RSS) peak during the send: ${peakMb.toFixed(0)} MB`,
      "",
    ].join("\n"),
  );
} finally {
  await server.stop();
  await inbox.stop();
}
