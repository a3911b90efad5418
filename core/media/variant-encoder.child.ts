/**
 * The process variant-encoder.ts starts for one image: lowers its own priority before sharp and
 * its threads exist (new threads inherit it), encodes, answers, exits.
 */
import { readdirSync } from "node:fs";
import os from "node:os";

const NICE = Number(process.env.VARIANT_ENCODER_NICE ?? 10);
try {
  os.setPriority(0, NICE);
  // On Linux a priority is per thread: lower the ones Node started already, too.
  for (const task of readdirSync("/proc/self/task")) os.setPriority(Number(task), NICE);
} catch {
  // Not Linux, or not allowed: the encoder still works, at normal priority.
}

const { default: sharp } = await import("sharp");
// One image at a time here, on one libvips thread: the parent runs one child per core.
sharp.concurrency(1);
const { encodeVariants } = await import("./image-pipeline.ts");

process.once("message", async (message: { source: Uint8Array; skip: Parameters<typeof encodeVariants>[1] }) => {
  try {
    const result = await encodeVariants(message.source, message.skip);
    process.send?.({ ok: true, result }, () => process.exit(0));
  } catch (error) {
    process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  }
});
// The server went away (stopped or killed): its job will run again, so stop working for it.
process.once("disconnect", () => process.exit(0));
process.send?.({ ready: true });
