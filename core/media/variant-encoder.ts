import { execFile, fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { ProcessedImage, SkipOutputs } from "./image-pipeline.ts";

const CHILD = fileURLToPath(new URL("./variant-encoder.child.ts", import.meta.url));

/** Encodes an image's variant ladder away from the requests (docs/decisions/0440). */
export type VariantEncoder = (source: Uint8Array, skip?: SkipOutputs) => Promise<ProcessedImage>;

/** What a child reports about itself when probed: its scheduling policy and nice value. */
export interface EncoderPriority {
  /** Linux's policy number: 0 normal, 5 idle (SCHED_IDLE). */
  policy: number;
  nice: number;
}

type ChildAnswer =
  | { ready: true }
  | { ok: true; result: ProcessedImage }
  | { ok: false; error: string }
  | { priority: EncoderPriority };

/**
 * How a child is started. Linux's SCHED_IDLE (through util-linux's `chrt --idle 0`) runs it only
 * on CPU time nothing else of ours wants, and a waking request thread preempts it at once; where
 * `chrt` is missing or refused, the child lowers itself to nice 10 (variant-encoder.child.ts).
 * `VARIANT_ENCODER_PRIORITY=nice` keeps the nice value alone.
 */
let launcher: Promise<{ execPath?: string; execArgv: string[] }> | undefined;
function childLauncher() {
  launcher ??= new Promise((resolve) => {
    const plain = { execArgv: [] };
    if (process.platform !== "linux" || process.env.VARIANT_ENCODER_PRIORITY === "nice") return resolve(plain);
    execFile("chrt", ["--idle", "0", process.execPath, "--version"], (error) =>
      resolve(error ? plain : { execPath: "chrt", execArgv: ["--idle", "0", process.execPath] }),
    );
  });
  return launcher;
}

/** Starts one child: it says `ready`, gets one message, answers once and exits. */
function withChild<T>(message: object, settle: (answer: ChildAnswer) => T | undefined): Promise<T> {
  return childLauncher().then(
    ({ execPath, execArgv }) =>
      new Promise<T>((resolve, reject) => {
        const child = fork(CHILD, [], {
          ...(execPath ? { execPath } : {}),
          execArgv,
          serialization: "advanced",
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        });
        let answered = false;
        child.on("message", (answer: ChildAnswer) => {
          if ("ready" in answer) {
            child.send(message);
            return;
          }
          answered = true;
          try {
            resolve(settle(answer) as T);
          } catch (error) {
            reject(error);
          }
        });
        child.on("error", (error) => {
          if (!answered) reject(error);
        });
        child.on("exit", (code, signal) => {
          if (!answered) reject(new Error(`variant encoder stopped (${signal ?? `exit ${code}`}) before answering`));
        });
      }),
  );
}

/** One child process for one image: at idle priority (or niced), one libvips thread; killed if the parent lets go. */
function encodeInChild(source: Uint8Array, skip: SkipOutputs = []): Promise<ProcessedImage> {
  return withChild({ source, skip }, (answer) => {
    if ("ok" in answer && answer.ok) {
      const { result } = answer;
      return { ...result, outputs: result.outputs.map((o) => ({ ...o, data: Buffer.from(o.data) })) };
    }
    throw new Error(`variant encoding failed: ${"error" in answer ? answer.error : "no answer"}`);
  });
}

/** The priority an encoding child runs at on this machine (for tests and the operator). */
export function encoderPriority(): Promise<EncoderPriority> {
  return withChild({ probe: true }, (answer) => {
    if ("priority" in answer) return answer.priority;
    throw new Error("the encoder child did not report its priority");
  });
}

/**
 * Encodes in child processes at a lower priority than requests (SCHED_IDLE, else nice 10: a page
 * request gets the CPU first), as many at once as this machine has cores and no more: with several
 * images waiting, every core works on one, and requests still preempt them.
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
