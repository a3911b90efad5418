import { readdirSync } from "node:fs";
import os from "node:os";

/**
 * Lowers this process's priority to `nice`, for the image work processes of docs/decisions/0440.
 * Call it before sharp and its threads exist: new threads inherit the priority, but on Linux it is
 * per thread, so the ones Node started already are lowered too. Where that is not possible (not
 * Linux, not allowed) the work still runs, at normal priority.
 */
export function lowerPriority(nice: number): void {
  try {
    os.setPriority(0, nice);
    for (const task of readdirSync("/proc/self/task")) os.setPriority(Number(task), nice);
  } catch {
    // Normal priority, then.
  }
}
