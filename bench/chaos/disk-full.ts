import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, statfsSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isAcknowledged, isCleanError, type Outcome, send } from "./api-client.ts";
import { auditUploads, integrityCheck, sqliteRowText } from "./audit.ts";
import type { FigureLog } from "./figures.ts";
import { imagePart, imagePool } from "./images.ts";
import type { Random } from "./random.ts";
import { adminToken, freePort, ServerProcess } from "./server-process.ts";

export interface DiskFullOptions {
  /** Size of the tmpfs that holds DATA_DIR. */
  sizeMb: number;
  /** Space left free before the writes start (the rest is taken by a ballast file). */
  headroomMb: number;
  /** Writes stop after this many seconds, or after this many failed uploads in a row. */
  budgetSeconds: number;
  failuresInARow: number;
}

export const DISK_FULL_DEFAULTS: DiskFullOptions = { sizeMb: 24, headroomMb: 2, budgetSeconds: 60, failuresInARow: 4 };

const freeBytes = (dir: string) => {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/** Takes every byte left (until ENOSPC), so even the database's small writes find no room. */
function fillCompletely(file: string) {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * DATA_DIR on a small tmpfs filled through uploads: every answer while the disk is full must be a
 * clean error, and once space is freed, writes must work again without a restart. Needs root (mount).
 */
export async function diskFull(log: FigureLog, random: Random, options: DiskFullOptions = DISK_FULL_DEFAULTS) {
  if (process.getuid?.() !== 0) {
    log.skipped("disk full", "needs root to mount a tmpfs; run `npm run chaos` as root for this part");
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-chaos-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${options.sizeMb}m,mode=0700`, "hbb-chaos-disk", dataDir]);
  const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir });
  try {
    const images = await imagePool(3, 640, 480);
    await server.start();
    const pid = server.pid;
    const token = await adminToken(server.baseUrl);
    const ballast = path.join(dataDir, "ballast");
    writeFileSync(ballast, Buffer.alloc(Math.max(0, freeBytes(dataDir) - options.headroomMb * 1024 * 1024)));

    const counts = { ok: 0, clean: 0, unclean: 0 };
    let firstUnclean = "";
    const record = (what: string, outcome: Outcome) => {
      if (isAcknowledged(outcome)) counts.ok++;
      else if (isCleanError(outcome)) counts.clean++;
      else {
        counts.unclean++;
        firstUnclean ||= `${what}: ${outcome.status} ${JSON.stringify("body" in outcome ? outcome.body : outcome.error).slice(0, 160)}`;
      }
    };
    const upload = async (n: number) => {
      const form = new FormData();
      form.append("title", `Disk full ${n}`);
      form.append("description", "Uploaded until the disk is full.");
      form.append("category", "Education");
      form.append("eventDate", "2026-05-01");
      form.append("images", ...imagePart(random.pick(images)));
      form.append("images", ...imagePart(random.pick(images)));
      return send(server.baseUrl, "POST", "/api/gallery", { token, form });
    };
    const smallWrites = async (n: number) => [
      await send(server.baseUrl, "POST", "/api/videos", {
        token,
        json: {
          title: `Disk full video ${n}`,
          description: "d",
          youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
          category: "Testimonials",
        },
      }),
      await send(server.baseUrl, "POST", "/api/subscribe", {
        json: { email: `disk-${n}@example.org` },
        visitorIp: `10.9.${n % 250}.1`,
      }),
    ];

    const deadline = Date.now() + options.budgetSeconds * 1000;
    let failedInARow = 0;
    let n = 0;
    while (Date.now() < deadline && failedInARow < options.failuresInARow && server.alive) {
      n++;
      const outcome = await upload(n);
      record("upload", outcome);
      failedInARow = isAcknowledged(outcome) ? 0 : failedInARow + 1;
      for (const write of await smallWrites(n)) record("small write", write);
    }
    const reachedFull = failedInARow >= options.failuresInARow;

    // Then not one byte left: the database's own writes fail too, while reads must go on.
    const lastByte = path.join(dataDir, "ballast-rest");
    fillCompletely(lastByte);
    let readsFailing = 0;
    for (let i = 0; i < 5 && server.alive; i++) {
      for (const write of await smallWrites(n + 100 + i)) record("write on a full disk", write);
      const read = await send(server.baseUrl, "GET", `/api/videos?limit=${i + 1}`);
      if (!isAcknowledged(read)) readsFailing++;
    }

    rmSync(ballast);
    rmSync(lastByte);
    const recovery = server.alive ? [await upload(n + 1), ...(await smallWrites(n + 1))] : [];
    const failingAfterFree = server.alive ? recovery.filter((o) => !isAcknowledged(o)).length : recovery.length || 3;
    const restarted = !server.alive || server.pid !== pid;

    await server.stop();
    const integrity = integrityCheck(path.join(dataDir, "hope.sqlite"));
    const leftovers = auditUploads(dataDir, sqliteRowText(path.join(dataDir, "hope.sqlite")));

    log.add({
      name: "disk full: writes while filling a tmpfs",
      value: counts.ok + counts.clean + counts.unclean,
      note: `${options.sizeMb} MB tmpfs, ${counts.ok} succeeded${reachedFull ? "" : "; the disk never filled up"}`,
    });
    log.add({ name: "disk full: clean refusals (4xx/503/507 with a message)", value: counts.clean });
    log.add({
      name: "disk full: 500s, other errors and unanswered",
      value: counts.unclean,
      target: 0,
      note: firstUnclean,
    });
    log.add({ name: "disk full: reads failing while full", value: readsFailing, target: 0 });
    log.add({ name: "disk full: crashes (process exited)", value: restarted ? 1 : 0, target: 0 });
    log.add({
      name: "disk full: writes failing after space was freed",
      value: failingAfterFree,
      target: 0,
      note: recovery.find((o) => !isAcknowledged(o))
        ? JSON.stringify(recovery.find((o) => !isAcknowledged(o))).slice(0, 160)
        : "",
    });
    log.add({
      name: "disk full: integrity_check not ok",
      value: integrity === "ok" ? 0 : 1,
      target: 0,
      note: integrity === "ok" ? "" : integrity,
    });
    log.add({
      name: "disk full: orphan and .tmp files left by failed uploads",
      value: leftovers.orphans.length + leftovers.temps.length,
      target: 0,
    });
  } finally {
    await server.stop();
    execFileSync("umount", [dataDir]);
    rmdirSync(dataDir);
  }
}
