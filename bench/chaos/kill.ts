import { watch } from "node:fs";
import path from "node:path";
import { ageUploads, auditUploads } from "./audit.ts";
import type { FigureLog } from "./figures.ts";
import { imagePool } from "./images.ts";
import { createKillStore, type KillStore } from "./kill-store.ts";
import { duplicates, type MailSink, type ReceivedMail, startMailSink } from "./mail-sink.ts";
import type { Random } from "./random.ts";
import { adminToken, freePort, ServerProcess } from "./server-process.ts";
import {
  importSubscribers,
  Ledger,
  type LostWrite,
  newsletter,
  readList,
  runWorkload,
  verifyLedger,
} from "./workload.ts";

export interface KillOptions {
  cycles: number;
  /** No new cycle starts after this many seconds (a busy machine gets fewer cycles, not a longer run). */
  budgetSeconds: number;
  workers: number;
  /** How long writes run before a kill at a random moment: a time in this range (ms). */
  killAfterMs: [number, number];
  /** Share of kills aimed at the moment an upload's files are being written. */
  uploadAimedShare: number;
  /** Share of kills aimed at the moment the mail sink takes a message (the rest are at random). */
  mailAimedShare: number;
  /** How old the leftovers are made before the last start, so a clean-up that spares young files sees them. */
  orphanAgeHours: number;
  /** How long to wait for a clean-up after the last start. */
  sweepWaitMs: number;
  /**
   * After the last start, how long the job queue may go without finishing a job before the checks
   * run anyway: a long campaign leaves hundreds of receipts and picture jobs, worked off for as long
   * as they keep finishing.
   */
  queueStallMs: number;
  /** Confirmed subscribers imported at the start: every newsletter of the run goes to them. */
  subscribers: number;
  /** After the last start, how long the queued e-mails (newsletters, receipts) may take to arrive. */
  mailWaitMs: number;
  /** A line per cycle on stderr (CHAOS_VERBOSE=1). */
  verbose: boolean;
}

export const KILL_DEFAULTS: KillOptions = {
  cycles: 12,
  budgetSeconds: 120,
  workers: 4,
  killAfterMs: [300, 3000],
  uploadAimedShare: 0.4,
  mailAimedShare: 0.3,
  orphanAgeHours: 24,
  sweepWaitMs: 30_000,
  queueStallMs: 60_000,
  subscribers: 300,
  mailWaitMs: 180_000,
  verbose: false,
};

/**
 * kill -9 of the real server at random moments under mixed writes (uploads, newsletters and
 * receipts in flight included), then a restart on the same data, as a process manager would do it:
 * on SQLite, and on PostgreSQL too when a URL is given.
 */
export async function killCycles(
  log: FigureLog,
  random: Random,
  options: KillOptions,
  postgresUrl: string | undefined,
) {
  await killCampaign(log, random, options, await createKillStore("sqlite"));
  if (postgresUrl) await killCampaign(log, random, options, await createKillStore("postgres", postgresUrl));
  else log.skipped("kill -9 (postgres)", "set DATABASE_URL or TEST_DATABASE_URL (postgres://…) to run it");
}

const MAIL_FROM = "Hope Behind Bars <news@hopebehindbars.test>";

async function killCampaign(log: FigureLog, random: Random, options: KillOptions, store: KillStore) {
  const label = `kill -9 (${store.dialect})`;
  // In this process, so it outlives every kill of the server.
  const mail = await startMailSink();
  const server = new ServerProcess(await freePort(), {
    ...store.env,
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    SMTP_FROM: MAIL_FROM,
    // Contact messages and applications are announced to staff: more e-mail in flight.
    STAFF_EMAIL: "staff@hopebehindbars.test",
    // A few hundred copies go in seconds, so sends are often cut short by a kill rather than idle.
    NEWSLETTER_RATE: "100",
  });
  const ledger = new Ledger();
  const images = await imagePool(4, 640, 480);
  const deadline = Date.now() + options.budgetSeconds * 1000;
  let cycles = 0;
  const runId = `k${random.int(0, 0xffffff).toString(36)}`;
  const lost = new Map<string, LostWrite>();
  const kills: number[] = [];
  const integrityFailures: string[] = [];
  let keep = false;
  try {
    for (let cycle = 1; cycle <= options.cycles && (cycle === 1 || Date.now() < deadline); cycle++) {
      cycles = cycle;
      const cycleStart = Date.now();
      await server.start();
      const startMs = Date.now() - cycleStart;
      const token = await adminToken(server.baseUrl);
      if (cycle === 1) await importSubscribers(server.baseUrl, token, runId, options.subscribers);
      // What was written before the last kill: the rest was read back after an earlier one.
      for (const write of await verifyLedger(server.baseUrl, token, ledger, { changedOnly: true }))
        lost.set(write.token, write);
      const context = { baseUrl: server.baseUrl, token, ledger, random, images, runId };
      // One send under way from the start, so even a short campaign has a newsletter in flight.
      if (cycle === 1) await newsletter(context);
      const stop = new AbortController();
      const writes = runWorkload(context, options.workers, stop.signal);
      const moment = await killMoment(store.dataDir, mail, random, options);
      kills.push(Date.now());
      await server.kill9();
      stop.abort();
      await writes;
      ledger.release();
      const integrity = store.integrity();
      if (integrity !== undefined && integrity !== "ok") integrityFailures.push(`cycle ${cycle}: ${integrity}`);
      if (options.verbose) {
        process.stderr.write(
          `  ${label} cycle ${cycle}: start ${startMs} ms, killed ${moment}, ${ledger.acknowledged} acknowledged so far, ${mail.received().length} e-mails received\n`,
        );
      }
    }
    const leftovers = auditUploads(store.dataDir, await store.rowText());
    ageUploads(store.dataDir, options.orphanAgeHours);
    const lapsed = await store.lapseClaims();
    await server.start();
    const token = await adminToken(server.baseUrl);
    for (const write of await verifyLedger(server.baseUrl, token, ledger, { changedOnly: false }))
      lost.set(write.token, write);
    const queue = await drainedQueue(store, options.queueStallMs);
    const audit = await settledAudit(store, options.sweepWaitMs);
    const due = await settledMail(store, mail, server.baseUrl, token, options.mailWaitMs);
    const received = mail.received();
    keep = lost.size > 0;

    log.add({ name: `${label}: cycles (mixed writes, uploads, e-mail)`, value: cycles });
    log.add({
      name: `${label}: writes acknowledged`,
      value: ledger.acknowledged,
      note: `${ledger.unanswered} cut off by the kill`,
    });
    if (store.dialect === "sqlite")
      log.add({
        name: `${label}: integrity_check not ok`,
        value: integrityFailures.length,
        target: 0,
        note: integrityFailures[0],
      });
    log.add({ name: `${label}: acknowledged writes lost`, value: lost.size, target: 0, note: describeLost(lost) });
    for (const line of lostDiagnostics(lost, kills)) console.log(`    ${line}`);
    log.add({
      name: `${label}: leftovers before the last start (files + .tmp)`,
      value: leftovers.orphans.length + leftovers.temps.length,
      note: `${lapsed} job claims lapsed before it`,
    });
    log.add({
      name: `${label}: jobs left when the checks ran`,
      value: queue.left,
      target: 0,
      note: `${queue.atStart} due after the last start, worked off in ${(queue.ms / 1000).toFixed(0)} s`,
    });
    log.add({
      name: `${label}: orphan files after start-up sweep`,
      value: audit.orphans.length,
      target: 0,
      note: audit.orphans.length
        ? `${(audit.orphanBytes / 1024 / 1024).toFixed(1)} MB incl. .tmp, e.g. ${audit.orphans[0]}`
        : "",
    });
    log.add({ name: `${label}: .tmp files after start-up sweep`, value: audit.temps.length, target: 0 });
    log.add({
      name: `${label}: files rows refer to but missing`,
      value: audit.missing.length,
      target: 0,
      note: audit.missing[0],
    });
    log.add({
      name: `${label}: e-mails received`,
      value: received.length,
      note: `${due.newsletters.due} newsletter copies due (${due.newsletters.sends} sends), ${due.receipts.due} receipts due`,
    });
    log.add({
      name: `${label}: newsletter copies never received`,
      value: due.newsletters.missing.length,
      target: 0,
      note: due.newsletters.missing[0],
    });
    log.add({
      name: `${label}: receipts never received`,
      value: due.receipts.missing.length,
      target: 0,
      note: due.receipts.missing[0],
    });
    // At least once is the promise (0100, 0641): a copy sent again after a kill is counted, not failed.
    const twice = duplicates(received);
    log.add({
      name: `${label}: e-mails received again (same Message-ID)`,
      value: twice.extra,
      note: twice.example ? `e.g. ${twice.example}` : "",
    });
  } catch (error) {
    keep = true;
    throw error;
  } finally {
    await server.stop();
    await mail.stop();
    if (keep)
      console.log(
        `${label}: data kept for a look: ${store.dataDir}${store.env.DATABASE_URL ? ` and ${store.env.DATABASE_URL}` : ""}`,
      );
    await store.close(keep);
  }
}

/**
 * When to kill: at a random moment, just as an upload writes its files (where leftovers come from;
 * the encode before it takes far longer, so a random moment seldom lands there), or just as a
 * message reaches the mail sink (where a copy goes twice: accepted, not yet recorded as sent).
 */
type KillMoment =
  | "at a random moment"
  | "while an upload wrote its files"
  | "no upload wrote files in time"
  | "as a message was accepted"
  | "no message came in time";

function killMoment(dataDir: string, mail: MailSink, random: Random, options: KillOptions): Promise<KillMoment> {
  const roll = random.next();
  if (roll >= options.uploadAimedShare + options.mailAimedShare) {
    return new Promise((resolve) =>
      setTimeout(() => resolve("at a random moment"), random.int(...options.killAfterMs)),
    );
  }
  const aimAtMail = roll >= options.uploadAimedShare;
  return new Promise((resolve) => {
    let fired = false;
    const fire = (moment: KillMoment, delayMs: number) => {
      if (fired) return;
      fired = true;
      watcher?.close();
      clearInterval(poll);
      clearTimeout(fallback);
      setTimeout(() => resolve(moment), delayMs);
    };
    const watcher = aimAtMail
      ? undefined
      : watch(path.join(dataDir, "uploads"), { recursive: true }, () =>
          fire("while an upload wrote its files", random.int(0, 25)),
        );
    const before = mail.count();
    const poll = aimAtMail
      ? setInterval(() => {
          if (mail.count() > before) fire("as a message was accepted", random.int(0, 10));
        }, 5)
      : undefined;
    // Under heavy load an upload may not reach its files for a long time, and no e-mail may be
    // due: then a plain kill.
    const fallback = setTimeout(
      () => fire(aimAtMail ? "no message came in time" : "no upload wrote files in time", 0),
      options.killAfterMs[1] * 10,
    );
  });
}

/**
 * Waits while the queue works off what the campaign left, for as long as jobs keep finishing
 * (`stallMs` at most without one finishing): files and e-mails are judged once it is done.
 */
async function drainedQueue(store: KillStore, stallMs: number) {
  const started = Date.now();
  const atStart = await store.jobsUnderWay();
  let left = atStart;
  let progressAt = started;
  while (left > 0 && Date.now() - progressAt < stallMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await store.jobsUnderWay();
    if (now < left) progressAt = Date.now();
    left = now;
  }
  return { atStart, left, ms: Date.now() - started };
}

/** The clean-up may run in the background after start: wait until leftovers are gone or stop changing. */
async function settledAudit(store: KillStore, waitMs: number) {
  const deadline = Date.now() + waitMs;
  // Files a job is writing are neither leftovers nor named by a row yet: audit once none works.
  while (Date.now() < deadline && (await store.jobsUnderWay()) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let audit = auditUploads(store.dataDir, await store.rowText());
  let stableSince = Date.now();
  while (Date.now() < deadline && audit.orphans.length + audit.temps.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = auditUploads(store.dataDir, await store.rowText());
    if (next.orphans.length + next.temps.length !== audit.orphans.length + audit.temps.length) stableSince = Date.now();
    audit = next;
    if (Date.now() - stableSince > 3000) break;
  }
  return audit;
}

interface MailDue {
  newsletters: { sends: number; due: number; missing: string[] };
  receipts: { due: number; missing: string[] };
}

/**
 * What should have arrived, against what did: every newsletter delivery (a subscriber who left
 * before their copy was skipped, not due) by its Message-ID, and every gift's receipt by its donor's
 * own address. Gifts whose recording got no answer count too when they were stored.
 */
async function mailDue(store: KillStore, received: readonly ReceivedMail[], baseUrl: string, token: string) {
  const localParts = new Set(received.map((m) => m.messageId.replace(/^</, "").split("@")[0]));
  const deliveries = (await store.deliveries()).filter((d) => d.status !== "skipped");
  const newsletters = {
    sends: new Set(deliveries.map((d) => d.newsletterId)).size,
    due: deliveries.length,
    missing: deliveries
      .filter((d) => !localParts.has(`newsletter-${d.newsletterId}-${d.subscriberId}`))
      .map((d) => `newsletter ${d.newsletterId} to ${d.email} (delivery ${d.status})`),
  };
  const gifts = (await readList(baseUrl, token, "/api/offline-gifts")).filter((g) => g.receiptId && g.donorEmail);
  const receiptsTo = new Set(received.filter((m) => m.subject.startsWith("Your receipt")).map((m) => m.to));
  const receipts = {
    due: gifts.length,
    missing: gifts
      .filter((g) => !receiptsTo.has(String(g.donorEmail).toLowerCase()))
      .map((g) => `receipt of gift ${g.reference} to ${g.donorEmail}`),
  };
  return { newsletters, receipts } satisfies MailDue;
}

/** Waits for the queue to deliver what is due (newsletters resumed, receipts rendered and sent). */
async function settledMail(store: KillStore, mail: MailSink, baseUrl: string, token: string, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const due = await mailDue(store, mail.received(), baseUrl, token);
    const missing = due.newsletters.missing.length + due.receipts.missing.length;
    if (missing === 0 || Date.now() > deadline) return due;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function describeLost(lost: Map<string, LostWrite>): string {
  const first = lost.values().next().value;
  return first
    ? `e.g. ${first.kind} ${first.token}: expected ${first.expected.join(" or ")}, found ${first.found}`
    : "";
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/** Each lost write (the first 20): what was asked, what the server answered, and when the next kill came. */
function lostDiagnostics(lost: Map<string, LostWrite>, kills: number[]): string[] {
  return [...lost.values()].slice(0, 20).map((write) => {
    const head = `lost ${write.kind} ${write.token}: expected ${write.expected.join(" or ")}, found ${write.found}`;
    const evidence = write.evidence;
    if (!evidence) return `${head}\n      (no answer recorded)`;
    const kill = kills.findIndex((at) => at >= evidence.at);
    const killed =
      kill < 0
        ? "no kill after it (lost after a clean start?)"
        : `${(kills[kill] as number) - evidence.at} ms before the kill of cycle ${kill + 1} at ${clock(kills[kill] as number)}`;
    return `${head}\n      request: ${evidence.request}\n      answer:  ${evidence.status} ${evidence.answer}\n      answered at ${clock(evidence.at)}, ${killed}`;
  });
}
