import os from "node:os";
import { fileURLToPath } from "node:url";
import { type ChildLaunch, createChildPool, imageChildrenFor } from "./child-pool.ts";
import type { ProcessedImage, SkipOutputs } from "./image-pipeline.ts";

const CHILD = fileURLToPath(new URL("./variant-encoder.child.ts", import.meta.url));

/** Encodes an image's variant ladder away from the requests (docs/decisions/0440). */
export type VariantEncoder = (source: Uint8Array, skip?: SkipOutputs) => Promise<ProcessedImage>;

/** SCHED_IDLE where the machine allows it (production), or nice 10 only (test runs, docs/decisions/0525). */
export type VariantEncoderPriority = "idle" | "nice";

/** What a child reports about itself when probed: its scheduling policy and nice value. */
export interface EncoderPriority {
  /** Linux's policy number: 0 normal, 5 idle (SCHED_IDLE). */
  policy: number;
  nice: number;
}

/** What variant-encoder.child.ts is asked, and what it answers. */
export type EncoderMessage = { probe: true } | { source: Uint8Array; skip: SkipOutputs };
export type EncoderAnswer = ProcessedImage | EncoderPriority;

/**
 * How a child is started. Linux's SCHED_IDLE (through util-linux's `chrt --idle 0`) runs it only
 * on CPU time nothing else of ours wants, and a waking request thread preempts it at once; where
 * `chrt` is missing or refused (its child ends before it is ready), the children are started
 * plainly from then on and lower themselves to nice 10 (variant-encoder.child.ts).
 * `"nice"` (`VARIANT_ENCODER_PRIORITY=nice`, config/env.ts) keeps the nice value alone. Nothing is
 * run to find out first: each process started from the server forks it, which holds its event loop
 * (docs/decisions/0545).
 */
function childLauncher(priority: VariantEncoderPriority): () => ChildLaunch {
  let throughChrt = process.platform === "linux" && priority === "idle";
  return () => {
    if (!throughChrt) return { execArgv: [] };
    return {
      execPath: "chrt",
      execArgv: ["--idle", "0", process.execPath],
      onFailedStart: () => {
        throughChrt = false;
      },
    };
  };
}

const encoderChildren = (size: number, idleMs: number, priority: VariantEncoderPriority) =>
  createChildPool<EncoderMessage, EncoderAnswer>({
    module: CHILD,
    name: "variant encoder",
    size,
    idleMs,
    launch: childLauncher(priority),
  });

/** The priority an encoding child runs at on this machine (for tests and the operator). */
export async function encoderPriority(priority: VariantEncoderPriority = "idle"): Promise<EncoderPriority> {
  const children = encoderChildren(1, 0, priority);
  try {
    return (await children.ask({ probe: true })) as EncoderPriority;
  } finally {
    children.close();
  }
}

/**
 * Encodes in child processes at a lower priority than requests (SCHED_IDLE, else nice 10: a page
 * request gets the CPU first), as many at once as there are cores less the one left to the pages
 * (`imageChildrenFor`, docs/decisions/0548): SCHED_IDLE gives the pages the CPU at once, but not
 * the memory bandwidth and caches an encoder on every core takes. The children stay for
 * `idleMs` after their last image (child-pool.ts), so a burst of uploads pays one Node start per
 * child, not per image, and an idle server keeps none.
 */
export function createVariantEncoder({
  priority = "idle",
  parallel = imageChildrenFor(os.availableParallelism()),
  idleMs = 15_000,
}: {
  /** SCHED_IDLE ("idle", the default) or nice 10 ("nice"), from VARIANT_ENCODER_PRIORITY. */
  priority?: VariantEncoderPriority;
  /** How many child processes at most. */
  parallel?: number;
  /** How long an idle child is kept before it exits. */
  idleMs?: number;
} = {}): VariantEncoder {
  const children = encoderChildren(parallel, idleMs, priority);
  return async (source, skip = []) => {
    const result = (await children.ask({ source, skip })) as ProcessedImage;
    return { ...result, outputs: result.outputs.map((o) => ({ ...o, data: Buffer.from(o.data) })) };
  };
}
