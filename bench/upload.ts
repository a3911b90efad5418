/**
 * Upload benchmark on 127.0.0.1 only (issue #18, docs/decisions/0440): a staff member uploads one
 * gallery item with 10 phone photos (12 MP JPEGs of about 3.3 MB, with EXIF and GPS). Measured in
 * one run, side by side:
 * 1. the time until the API answers (the staff member can go on) and until every image's variant
 *    ladder is ready (polled through the admin API);
 * 2. the p99 latency of a public page (`/impact/gallery`, as a browser asks for it) at a steady
 *    BENCH_RATE requests/s, first idle for BENCH_SECONDS, then while the upload is processed;
 * 3. unless BENCH_ONE_STEP=0, the one-step pipeline (`processImage`, every file in the request, as
 *    before) on the same 10 photos in this process: what the answer used to wait for.
 * Usage: `npm run bench:upload` (builds first if needed).
 */
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import sharp from "sharp";
import { processImage } from "../core/media/image-pipeline.ts";
import type { StoredImage } from "../core/media/media.schema.ts";
import { adminApi } from "../tests/e2e/support/admin-api.ts";
import { startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild } from "./load.ts";

const PHOTOS = 10;
const IDLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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

/** One answered page request: when it came back (performance.now()) and how long it took. */
interface Sample {
  at: number;
  ms: number;
}

/**
 * A steady stream of page requests (fixed rate, so a slow answer shows in the latency, not the rate).
 * Every answer is also kept as a sample, so the p99 can be taken per phase (the request's own work,
 * then the background encoding) as well as over the whole run.
 */
function pageLoad(baseUrl: string, seconds?: number) {
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const samples: Sample[] = [];
  const instance = autocannon(
    {
      url: `${baseUrl}${PAGE}`,
      connections: 4,
      overallRate: RATE,
      duration: seconds ?? 600,
      headers: { accept: "text/html" },
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on("response", (_client, _status, _bytes, ms: number) => samples.push({ at: performance.now(), ms }));
  return { done, samples, stop: () => instance.stop() };
}

/** The p99 of the samples that came back between `from` and `to` (the 99th of every hundred, nearest rank). */
function p99(samples: Sample[], from = 0, to = Number.POSITIVE_INFINITY): { ms: number; count: number } {
  const times = samples
    .filter((s) => s.at >= from && s.at < to)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  if (times.length === 0) return { ms: 0, count: 0 };
  return {
    ms: Math.round(times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] as number),
    count: times.length,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (import.meta.main) {
  ensureBuild();
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await phonePhoto(i));
  const averageMb = photos.reduce((sum, p) => sum + p.length, 0) / PHOTOS / 1e6;

  const loadBefore = loadavg();
  const server = await startServer({ SEED_DEMO: "true", LOG_LEVEL: "error" });
  let result: Record<string, string | number> = {};
  try {
    const api = await adminApi(server);
    for (let i = 0; i < 5; i++) await fetch(`${server.baseUrl}${PAGE}`, { headers: { accept: "text/html" } });

    const idleLoad = pageLoad(server.baseUrl, IDLE_SECONDS);
    const idle = await idleLoad.done;

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
    const busy = pageLoad(server.baseUrl);
    const started = performance.now();
    const item = await api.multipart<{ _id: string; images: StoredImage[] }>("POST", "/api/gallery", form);
    const answeredAt = performance.now();
    const answeredMs = answeredAt - started;
    let readyMs = 0;
    for (;;) {
      const current = await api.json<{ images: StoredImage[] }>("GET", `/api/admin/gallery/${item._id}`);
      if (!current.images.some((image) => image.processing)) {
        readyMs = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    busy.stop();
    const during = await busy.done;

    let oneStepMs: number | undefined;
    if (process.env.BENCH_ONE_STEP !== "0") {
      const before = performance.now();
      for (const bytes of photos) await processImage(bytes);
      oneStepMs = performance.now() - before;
    }

    const idleP99 = idle.latency.p99;
    const duringP99 = during.latency.p99;
    // Per phase, from each answer's own time (autocannon's figures above also count the answers a
    // slow one held up at the fixed rate, so they read higher than these).
    const idleRaw = p99(idleLoad.samples);
    const inRequest = p99(busy.samples, started, answeredAt);
    const inBackground = p99(busy.samples, answeredAt);
    const ratio = (ms: number, base: number) => `${(ms / Math.max(1, base)).toFixed(2)} ×`;
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
      [`${PAGE} p99 idle`]: `${idleP99} ms  (${idle.requests.total} requests, ${idle.non2xx} non-2xx)`,
      [`${PAGE} p99 during processing`]: `${duringP99} ms  (${during.requests.total} requests, ${during.non2xx} non-2xx)`,
      "p99 during / idle": `${ratio(duringP99, idleP99)}  (target ≤ 2 ×)`,
      "answer-time p99: idle": `${idleRaw.ms} ms  (${idleRaw.count} answers)`,
      "answer-time p99: while the request works": `${inRequest.ms} ms  (${inRequest.count} answers, ${ratio(inRequest.ms, idleRaw.ms)})`,
      "answer-time p99: background encoding": `${inBackground.ms} ms  (${inBackground.count} answers, ${ratio(inBackground.ms, idleRaw.ms)})`,
    };
  } finally {
    await server.stop();
  }
  console.log("");
  for (const [name, value] of Object.entries(result)) console.log(`${name.padEnd(44)} ${value}`);
  console.log(
    `\n${RATE} page requests/s on 4 connections, idle ${IDLE_SECONDS} s; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${process.version}, 127.0.0.1 only.`,
  );
  const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(" ");
  console.log(`load average at the start ${load(loadBefore)}, at the end ${load(loadavg())}.`);
}
