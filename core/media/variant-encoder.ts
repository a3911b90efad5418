import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { ProcessedImage, SkipOutputs } from "./image-pipeline.ts";

const CHILD = fileURLToPath(new URL("./variant-encoder.child.ts", import.meta.url));

/** Encodes an image's variant ladder away from the requests (docs/decisions/0440). */
export type VariantEncoder = (source: Uint8Array, skip?: SkipOutputs) => Promise<ProcessedImage>;

type ChildAnswer = { ready: true } | { ok: true; result: ProcessedImage } | { ok: false; error: string };

/** One child process for one image: niced, one libvips thread; killed if the parent lets go. */
function encodeInChild(source: Uint8Array, skip: SkipOutputs = []): Promise<ProcessedImage> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let answered = false;
    child.on("message", (message: ChildAnswer) => {
      if ("ready" in message) {
        child.send({ source, skip });
        return;
      }
      answered = true;
      if (message.ok) {
        const { result } = message;
        resolve({ ...result, outputs: result.outputs.map((o) => ({ ...o, data: Buffer.from(o.data) })) });
      } else reject(new Error(`variant encoding failed: ${message.error}`));
    });
    child.on("error", (error) => {
      if (!answered) reject(error);
    });
    child.on("exit", (code, signal) => {
      if (!answered) reject(new Error(`variant encoder stopped (${signal ?? `exit ${code}`}) before answering`));
    });
  });
}

/**
 * Encodes in child processes at a lower priority than requests (nice 10, so a page request gets the
 * CPU first), as many at once as this machine has cores and no more: with several images waiting,
 * every core works on one, and requests still preempt them.
 */
export function createVariantEncoder(parallel = Math.max(1, os.availableParallelism())): VariantEncoder {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (source, skip) => {
    if (active >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await encodeInChild(source, skip);
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
