/**
 * The process variant-encoder.ts starts for one image: lowers its own priority before sharp and
 * its threads exist (new threads inherit it), encodes, answers, exits. Started through
 * `chrt --idle 0` where it can be, it runs under SCHED_IDLE already; the nice value is for where not.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { lowerPriority } from "./lower-priority.ts";

lowerPriority(Number(process.env.VARIANT_ENCODER_NICE ?? 10));

const { default: sharp } = await import("sharp");
// One image at a time here, on one libvips thread: the parent runs one child per core.
sharp.concurrency(1);
const { encodeVariants } = await import("./image-pipeline.ts");

/** Answers the parent and exits; a parent that is gone already (killed) just means exiting. */
function answer(message: object, code: number) {
  if (!process.connected) process.exit(code);
  process.send?.(message, (error: Error | null) => process.exit(error ? 1 : code));
}

/** Linux's scheduling policy of this process (field 41 of /proc/self/stat; 5 is SCHED_IDLE), or 0 elsewhere. */
function policy(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38]);
  } catch {
    return 0;
  }
}

type Message = { probe: true } | { source: Uint8Array; skip: Parameters<typeof encodeVariants>[1] };

process.once("message", async (message: Message) => {
  if ("probe" in message) return answer({ priority: { policy: policy(), nice: os.getPriority() } }, 0);
  try {
    answer({ ok: true, result: await encodeVariants(message.source, message.skip) }, 0);
  } catch (error) {
    answer({ ok: false, error: error instanceof Error ? error.message : String(error) }, 1);
  }
});
// The server went away (stopped or killed): its job will run again, so stop working for it.
process.once("disconnect", () => process.exit(0));
if (process.connected) {
  process.send?.({ ready: true }, (error: Error | null) => {
    if (error) process.exit(0);
  });
}
