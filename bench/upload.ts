/**
 * Upload benchmark on 127.0.0.1 only (docs/decisions/0440-gallery-variants-in-the-background.md): a staff member uploads one
 * gallery item with 10 phone photos (12 MP JPEGs of about 3.3 MB, with EXIF and GPS). Measured in
 * one run, side by side:
 * 1. the time until the API answers (the staff member can go on) and until every image's variant
 *    ladder is ready (polled through the admin API);
 * 2. the p99 latency of a public page (`/impact/gallery`, as a browser asks for it) at a steady
 *    BENCH_RATE requests/s from a process of its own, first idle for BENCH_SECONDS (after
 *    BENCH_SETTLE_SECONDS not counted), then while the
 *    upload is processed; beside it, the server's and that process's longest event-loop delays,
 *    which say whether a slow answer was held up by the server;
 * 3. unless BENCH_ONE_STEP=0, the one-step pipeline (`processImage`, every file in the request, as
 *    before) on the same 10 photos in this process: what the answer used to wait for.
 * The upload is sent as one multipart body made before the measurement: the staff member's browser
 * runs on another machine, and encoding 34 MB of form data here took a share of this machine's two
 * cores from the server while the visitors were timed (docs/decisions/0550).
 * Usage: `npm run bench:upload` (builds first if needed).
 */
import { fork } from "node:child_process";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { processImage } from "../core/media/image-pipeline.ts";
import type { StoredImage } from "../core/media/media.schema.ts";
import { adminApi, untilGalleryItemProcessed } from "../tests/e2e/support/admin-api.ts";
import { freePort, startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild } from "./load.ts";
import type { PageLoadResult, PageLoadStart } from "./page-load.child.ts";

const PHOTOS = 10;
const IDLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Visitors before the idle measurement, not counted: V8's memory reducer collects the start-up's
 * garbage about 8 s after the start (one pause of 50–90 ms here), which a server that has run for
 * a while does not do (docs/decisions/0548).
 */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const PAGE = "/impact/gallery";

/**
 * A 12 MP phone photo (4032 × 3024) that compresses like one: gradients, shapes and sensor grain,
 * at the quality phones use, with the camera's EXIF and a GPS position.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},40%,30%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 733 + seed * 97) % width}" cy="${(i * 389 + seed * 53) % height}" r="${80 + ((i * 37) % 300)}" fill="hsl(${(hue + i * 9) % 360},50%,${30 + (i % 5) * 10}%)" opacity="0.55"/>`).join("")}
  </svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 14 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "overlay" }])
    .withExifMerge({
      IFD0: { Make: "BenchCam", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 1/1 3/1", GPSLongitudeRef: "E", GPSLongitude: "38/1 44/1 0/1" },
    })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A multipart form as the bytes a browser sends, with its `Content-Type` (which names the boundary). */
async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request("http://127.0.0.1/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

/** POSTs prepared bytes in one write and reads the JSON answer. */
function postBytes<T>(url: string, headers: Record<string, string>, body: Buffer): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (response.statusCode !== 200 && response.statusCode !== 201) {
            reject(new Error(`POST ${url}: ${response.statusCode} ${text}`));
          } else resolve(JSON.parse(text) as T);
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** One answered page request: when it came back (ms since 1970) and how long it took. */
type Sample = PageLoadResult["samples"][number];

/**
 * Page requests at a steady rate, open loop (a slow answer shows in the latency, not the rate),
 * from a process of its own (page-load.child.ts). Every answer is also kept as a sample, so the p99
 * can be taken per phase (the request's own work, then the background encoding) as well as over
 * the whole run. `loopMs` asks for that process's longest event-loop delay since the last ask.
 */
function pageLoad(baseUrl: string, seconds?: number) {
  const child = fork(fileURLToPath(new URL("./page-load.child.ts", import.meta.url)), [], { stdio: "inherit" });
  const loopAnswers: Array<(ms: number) => void> = [];
  const done = new Promise<PageLoadResult>((resolve, reject) => {
    child.on("message", (message: { done: PageLoadResult } | { loopMs: number }) => {
      if ("done" in message) resolve(message.done);
      else loopAnswers.shift()?.(message.loopMs);
    });
    child.once("exit", (code) => reject(new Error(`the page load stopped (exit ${code}) before it answered`)));
  });
  child.send({ start: { url: `${baseUrl}${PAGE}`, rate: RATE, seconds } satisfies PageLoadStart });
  return {
    done,
    stop: () => child.send("stop"),
    loopMs: () =>
      new Promise<number>((resolve) => {
        loopAnswers.push(resolve);
        child.send("loop");
      }),
  };
}

/** The p99 of the samples that came back between `from` and `to` (the 99th of every hundred, nearest rank). */
function p99(samples: Sample[], from = 0, to = Number.POSITIVE_INFINITY): { ms: number; count: number } {
  const times = samples
    .filter((s) => s.at >= from && s.at < to)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  if (times.length === 0) return { ms: 0, count: 0 };
  return { ms: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] as number, count: times.length };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The server's longest event-loop delay since the previous call (its metrics listener resets the
 * figure at each scrape), in ms: a slow page answer with a long delay here was held up by the
 * server; without one, by the machine or by this process.
 */
async function serverLoopDelayMaxMs(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = /^hbb_event_loop_delay_max_seconds (\S+)$/m.exec(text);
  return Math.round(Number(line?.[1] ?? Number.NaN) * 1000);
}

if (import.meta.main) {
  ensureBuild();
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await phonePhoto(i));
  const averageMb = photos.reduce((sum, p) => sum + p.length, 0) / PHOTOS / 1e6;

  const loadBefore = loadavg();
  const metricsPort = await freePort();
  const server = await startServer({ SEED_DEMO: "true", METRICS_PORT: String(metricsPort) });
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  let result: Record<string, string | number> = {};
  try {
    const api = await adminApi(server);
    for (let i = 0; i < 5; i++) await fetch(`${server.baseUrl}${PAGE}`, { headers: { accept: "text/html" } });
    await pageLoad(server.baseUrl, SETTLE_SECONDS).done;

    await serverLoopDelayMaxMs(metricsUrl);
    const idle = await pageLoad(server.baseUrl, IDLE_SECONDS).done;
    const idleServerLoopMs = await serverLoopDelayMaxMs(metricsUrl);

    const form = new FormData();
    for (const [field, value] of Object.entries({
      title: "Bench upload",
      description: "Ten phone photos from the programme.",
      category: "Education",
      eventDate: "2026-02-01",
    })) {
      form.append(field, value);
    }
    for (const [i, bytes] of photos.entries()) {
      form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `IMG_${1000 + i}.jpg`);
    }
    const upload = await multipartBody(form);
    const busy = pageLoad(server.baseUrl);
    await busy.loopMs();
    const started = Date.now();
    const item = await postBytes<{ _id: string; images: StoredImage[] }>(
      `${server.baseUrl}/api/gallery`,
      { authorization: api.authorization, "content-type": upload.contentType },
      upload.body,
    );
    const answeredAt = Date.now();
    const answeredMs = answeredAt - started;
    const requestLoops = { server: await serverLoopDelayMaxMs(metricsUrl), visitors: await busy.loopMs() };
    await untilGalleryItemProcessed(api, item._id);
    const readyMs = Date.now() - started;
    const backgroundLoops = { server: await serverLoopDelayMaxMs(metricsUrl), visitors: await busy.loopMs() };
    busy.stop();
    const during = await busy.done;

    let oneStepMs: number | undefined;
    if (process.env.BENCH_ONE_STEP !== "0") {
      const before = performance.now();
      for (const bytes of photos) await processImage(bytes);
      oneStepMs = performance.now() - before;
    }

    // Per phase, from each answer's own time: while the request works, then the background encoding.
    const idleP99 = p99(idle.samples);
    const duringP99 = p99(during.samples);
    const inRequest = p99(during.samples, started, answeredAt);
    const inBackground = p99(during.samples, answeredAt);
    const ratio = (ms: number, base: number) => `${(ms / Math.max(0.1, base)).toFixed(2)} ×`;
    const figure = ({ ms, count }: { ms: number; count: number }, base?: number) =>
      `${ms.toFixed(1)} ms  (${count} answers${base === undefined ? "" : `, ${ratio(ms, base)}`})`;
    result = {
      photos: `${PHOTOS} × 4032×3024 JPEG, ${averageMb.toFixed(1)} MB each, with EXIF and GPS`,
      "API answered (staff can go on)": `${seconds(answeredMs)}  (target ≤ 5 s)`,
      "every variant ready": seconds(readyMs),
      ...(oneStepMs === undefined
        ? {}
        : {
            "one-step pipeline, same photos (before)": seconds(oneStepMs),
            "answer / one-step (this run)": ratio(answeredMs, oneStepMs),
          }),
      [`${PAGE} p99 idle`]: `${figure(idleP99)}, ${idle.non2xx} non-2xx`,
      [`${PAGE} p99 during processing`]: `${figure(duringP99)}, ${during.non2xx} non-2xx`,
      "p99 during / idle": `${ratio(duringP99.ms, idleP99.ms)}  (target ≤ 2 ×)`,
      "p99 while the request works": figure(inRequest, idleP99.ms),
      "p99 while the variants are encoded": figure(inBackground, idleP99.ms),
      "server's longest event-loop delay": `idle ${idleServerLoopMs} ms, while the request works ${requestLoops.server} ms, background ${backgroundLoops.server} ms`,
      "visitors' longest event-loop delay": `while the request works ${Math.round(requestLoops.visitors)} ms, background ${Math.round(backgroundLoops.visitors)} ms`,
    };
  } finally {
    await server.stop();
  }
  console.log("");
  for (const [name, value] of Object.entries(result)) console.log(`${name.padEnd(44)} ${value}`);
  console.log(
    `\n${RATE} page requests/s (open loop, up to 4 connections), idle ${IDLE_SECONDS} s after ${SETTLE_SECONDS} s to settle; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${process.version}, 127.0.0.1 only.`,
  );
  const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(" ");
  console.log(`load average at the start ${load(loadBefore)}, at the end ${load(loadavg())}.`);
}
