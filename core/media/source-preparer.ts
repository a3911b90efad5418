import os from "node:os";
import { fileURLToPath } from "node:url";
import { ValidationError } from "../shared/errors.ts";
import { createChildPool } from "./child-pool.ts";
import type { PreparedSource } from "./image-pipeline.ts";

const CHILD = fileURLToPath(new URL("./source-preparer.child.ts", import.meta.url));

/** The request's part of an upload (`prepareSource`), done where it cannot hold up page requests. */
export type SourcePreparer = (bytes: Uint8Array, field: string) => Promise<PreparedSource>;

/** What source-preparer.child.ts is asked, and what it answers: the source, or the upload's 400. */
export type PreparerMessage = { bytes: Uint8Array; field: string };
export type PreparerAnswer =
  | { source: PreparedSource }
  | { refused: { message: string; fields: Record<string, string> } };

/**
 * Prepares uploads in child processes a little below requests (nice 5): a page request gets the CPU
 * first, and with no page to serve the upload still has every core (docs/decisions/0440). As many
 * children as cores, started on the first upload and let go after `idleMs` without work, so an
 * instance that takes no uploads keeps no such process (and its memory).
 */
export function createSourcePreparer(
  parallel = Math.max(1, os.availableParallelism()),
  idleMs = 15_000,
): SourcePreparer {
  const children = createChildPool<PreparerMessage, PreparerAnswer>({
    module: CHILD,
    name: "upload preparer",
    size: parallel,
    idleMs,
  });
  return async (bytes, field) => {
    const answer = await children.ask({ bytes, field });
    if ("refused" in answer) throw new ValidationError(answer.refused.message, answer.refused.fields);
    const { source } = answer;
    return { ...source, largest: { ...source.largest, data: Buffer.from(source.largest.data) } };
  };
}
