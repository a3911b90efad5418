/**
 * A process variant-encoder.ts keeps for encoding ladders (docs/decisions/0440): lowers its own
 * priority before sharp and its threads exist (new threads inherit it), then encodes one image per
 * message until the server lets go of it (idle) or goes away (stopped, killed: its jobs run again).
 * Started through `chrt --idle 0` where it can be, it runs under SCHED_IDLE already; the nice value
 * is for where not.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { serveParent } from "./child-pool.ts";
import { lowerPriority } from "./lower-priority.ts";
import type { EncoderAnswer, EncoderMessage } from "./variant-encoder.ts";

lowerPriority(10);

const { default: sharp } = await import("sharp");
// One image at a time here, on one libvips thread: the parent keeps one child per core but one
// (imageChildrenFor). libvips' operation cache is off (image-pipeline.ts), so a child's memory does
// not grow from image to image.
sharp.concurrency(1);
const { encodeVariants } = await import("./image-pipeline.ts");

/** Linux's scheduling policy of this process (field 41 of /proc/self/stat; 5 is SCHED_IDLE), or 0 elsewhere. */
function policy(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38]);
  } catch {
    return 0;
  }
}

serveParent<EncoderMessage, EncoderAnswer>((message) =>
  "probe" in message ? { policy: policy(), nice: os.getPriority() } : encodeVariants(message.source, message.skip),
);
