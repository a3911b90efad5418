import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { pngImage } from "../../tests/support/images.ts";
import { prepareSource } from "./image-pipeline.ts";
import { createVariantEncoder, encoderPriority } from "./variant-encoder.ts";

const SCHED_IDLE = 5;

// The production default, not the nice 10 the other test files run their encoders at (vitest.config.ts).
vi.stubEnv("VARIANT_ENCODER_PRIORITY", undefined);

function hasChrt(): boolean {
  try {
    execFileSync("chrt", ["--idle", "0", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("variant encoder (background ladder, docs/decisions/0440)", () => {
  it("runs its children below every request: SCHED_IDLE where chrt can start them, nice 10 otherwise", async () => {
    const priority = await encoderPriority();
    if (process.platform === "linux" && hasChrt()) expect(priority.policy).toBe(SCHED_IDLE);
    else expect(priority.nice).toBeGreaterThanOrEqual(10);
  });

  it("encodes the ladder from a prepared source in a child, leaving out what is stored already", async () => {
    const source = await prepareSource(await pngImage({ width: 1000, height: 600, alpha: false }));
    const encode = createVariantEncoder({ parallel: 1 });
    const result = await encode(source.largest.data, [{ format: "jpeg", width: 1000 }]);
    expect(result).toMatchObject({ width: 1000, height: 600 });
    expect(result.outputs.map((o) => `${o.format}${o.width}`)).toEqual([
      ...[320, 640, 960].flatMap((w) => [`avif${w}`, `webp${w}`, `jpeg${w}`]),
      "avif1000",
      "webp1000",
    ]);
    for (const output of result.outputs) {
      const meta = await sharp(output.data).metadata();
      expect(meta.width).toBe(output.width);
      expect(meta.exif).toBeUndefined();
    }
  });
});
