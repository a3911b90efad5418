/**
 * Writes .br and .gz next to every compressible built client file, so the server sends
 * pre-compressed bytes (best compression, no CPU per request) to visitors on slow networks.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".html", ".json", ".txt", ".xml", ".webmanifest"]);
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function compressAssets(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}

if (import.meta.main) {
  const dir = path.resolve(import.meta.dirname, "../build/client");
  console.log(`compressed ${compressAssets(dir)} files in ${path.relative(process.cwd(), dir)}`);
}
