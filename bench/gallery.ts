/**
 * Gallery benchmark on 127.0.0.1 only, bounded (BENCH_SECONDS per target, default 5):
 * 1. requests/s of GET /api/gallery?page=1&limit=9 (from its list cache) and a Fastify hello-world
 *    in alternating rounds (BENCH_ROUNDS, the ratio being their median), once asked without and once
 *    with Accept-Encoding (as browsers ask: the list goes out compressed), and of the /impact/gallery
 *    page (from the page cache and rendered);
 * 2. the image bytes a 375 px phone downloads for the first gallery page, against the bytes of
 *    the original uploads behind it.
 * Usage: `node bench/gallery.ts` (builds first if needed; needs Debian's chromium for part 2;
 * `BENCH_IMAGE_BYTES=off` skips part 2).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { adminApi, untilGalleryItemProcessed } from "../tests/e2e/support/admin-api.ts";
import { type RunningServer, startServer } from "../tests/e2e/support/server.ts";
import {
  type BenchResult,
  CLIENT_SET_THE_PACE,
  describeRatio,
  ensureBuild,
  machine,
  measure,
  printTable,
  ratioInRounds,
  startHelloWorld,
} from "./load.ts";

const ITEMS = 9;
/** The first page of the public gallery, as the page asks for it. */
const GALLERY_LIST = "/api/gallery?page=1&limit=9";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * A phone-camera-sized photo (4032×3024 JPEG, quality 90) with gradients and grain, so it
 * compresses like a real photo rather than like a flat test colour.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},40%,30%)"/>
    </linearGradient></defs>
    <rect width="4032" height="3024" fill="url(#g)"/>
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 733 + seed * 97) % 4032}" cy="${(i * 389 + seed * 53) % 3024}" r="${80 + ((i * 37) % 300)}" fill="hsl(${(hue + i * 9) % 360},50%,${30 + (i % 5) * 10}%)" opacity="0.55"/>`).join("")}
  </svg>`;
  const grain = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Uploads ITEMS gallery items of one phone photo each and waits until every image's variants are
 * encoded: until then each finished item purges the caches, so the list would be measured half
 * rendered and half from a cache that keeps being emptied (decision 0440).
 */
async function seedGallery(server: RunningServer): Promise<number> {
  const api = await adminApi(server);
  let originalBytes = 0;
  const ids: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const bytes = await phonePhoto(i);
    originalBytes += bytes.length;
    const form = new FormData();
    form.append("title", `Bench item ${i + 1}`);
    form.append("description", "A photograph from the programme.");
    form.append("category", "Education");
    form.append("eventDate", `2026-01-${String(i + 1).padStart(2, "0")}`);
    form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `photo-${i}.jpg`);
    ids.push((await api.multipart<{ _id: string }>("POST", "/api/gallery", form))._id);
  }
  for (const id of ids) await untilGalleryItemProcessed(api, id);
  return originalBytes;
}

/**
 * Asks once as each client below does, until the list cache answers with its stored brotli bytes
 * (compressed in the background after the first answer): what is measured is the cache's answer.
 */
async function warmListCache(baseUrl: string) {
  for (;;) {
    await fetch(`${baseUrl}${GALLERY_LIST}`);
    const encoded = await fetch(`${baseUrl}${GALLERY_LIST}`, { headers: { "accept-encoding": "br" } });
    await encoded.arrayBuffer();
    if (encoded.headers.get("x-cache") === "hit" && encoded.headers.get("content-encoding") === "br") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Image bytes a phone of the given pixel density downloads for the first gallery page, scrolled to the end. */
async function imageBytesAt375(baseUrl: string, deviceScaleFactor: number) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor,
      isMobile: true,
    });
    const page = await context.newPage();
    let bytes = 0;
    const files: string[] = [];
    page.on("response", async (response) => {
      if (!response.url().includes("/uploads/")) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      bytes += body.length;
      files.push(path.basename(new URL(response.url()).pathname));
    });
    await page.goto(`${baseUrl}/impact/gallery`, { waitUntil: "networkidle" });
    for (let y = 0; y < 20; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState("networkidle");
    return { bytes, files };
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

if (import.meta.main) {
  ensureBuild();
  const server = await startServer();
  const hello = await startHelloWorld();
  try {
    console.log(`Uploading ${ITEMS} phone-sized photos through the media pipeline...`);
    const originalBytes = await seedGallery(server);
    console.log(`Before: ${machine()}`);
    await warmListCache(server.baseUrl);
    const rounds = await ratioInRounds(
      () => measure(server, "gallery API", GALLERY_LIST),
      () => measure(hello, "Fastify hello-world", "/"),
    );
    // The same pair as a browser or app asks: with Accept-Encoding, the list goes out as its stored
    // brotli bytes (about a seventh of the 25 KB above), as it does to every real client.
    const ENCODED = { "accept-encoding": "br, gzip" };
    const encodedRounds = await ratioInRounds(
      () => measure(server, "gallery API, br", GALLERY_LIST, ENCODED),
      () => measure(hello, "hello-world, br asked", "/", ENCODED),
    );
    // Asked once first, so that what is measured as cached is the page cache's answer.
    await fetch(`${server.baseUrl}/impact/gallery`, { headers: { accept: "text/html" } });
    const results: BenchResult[] = [
      ...rounds.results,
      ...encodedRounds.results,
      await measure(server, "gallery page (cached)", "/impact/gallery", { accept: "text/html" }),
      await measure(server, "gallery page (rendered)", "/impact/gallery"),
    ];
    printTable(results);
    console.log(`After: ${machine()}`);
    console.log(`gallery API / Fastify hello-world: ${describeRatio(rounds)}; target: >= 60 %`);
    console.log(`the same, asked with Accept-Encoding: br, gzip: ${describeRatio(encodedRounds)}`);
    console.log(CLIENT_SET_THE_PACE);

    if (process.env.BENCH_IMAGE_BYTES === "off") {
      console.log("Image bytes at 375 px not measured (BENCH_IMAGE_BYTES=off)");
    } else if (existsSync(CHROME_PATH)) {
      console.log(`\nOriginal uploads behind the first page (${ITEMS} photos, 4032×3024 JPEG): ${kb(originalBytes)}`);
      for (const dpr of [1, 2]) {
        const { bytes, files } = await imageBytesAt375(server.baseUrl, dpr);
        const formats = [...new Set(files.map((f) => f.split(".").pop()))].join("/");
        console.log(
          `375 px phone at ${dpr}x density: ${files.length} files (${formats}), ${kb(bytes)} = ${((bytes / originalBytes) * 100).toFixed(1)} % of the originals`,
        );
      }
    } else {
      console.log(`Chromium not found at ${CHROME_PATH}: image bytes at 375 px not measured`);
    }
  } finally {
    hello.child.kill("SIGTERM");
    await server.stop();
  }
}
