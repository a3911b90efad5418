import os from "node:os";
import { fileURLToPath } from "node:url";
import { ValidationError } from "../shared/errors.ts";
import { createChildPool, imageChildrenFor } from "./child-pool.ts";
import type { ImageInput } from "./image-input.ts";
import type { PreparedSource } from "./image-pipeline.ts";

const CHILD = fileURLToPath(new URL("./source-preparer.child.ts", import.meta.url));

/** The request's part of an upload (`prepareSource`), done where it cannot hold up page requests. */
export type SourcePreparer = (input: ImageInput, field: string) => Promise<PreparedSource>;

/**
 * What source-preparer.child.ts is asked, and what it answers: the source, or the upload's 400.
 * An upload goes by the name of its file, which the child reads: the photo's bytes never pass
 * through the server's memory (a copy of megabytes per photo for the channel, and collections).
 */
export type PreparerMessage = { input: Uint8Array | { path: string }; field: string };
export type PreparerAnswer =
  | { source: PreparedSource }
  | { refused: { message: string; fields: Record<string, string> } };

/**
 * Prepares uploads in child processes a little below requests (nice 5), one core left to the pages
 * (`imageChildrenFor`, docs/decisions/0440). Children start on the first upload and are let go
 * after `idleMs` without work, so an instance that takes no uploads keeps no such process (and its
 * memory).
 */
export function createSourcePreparer({
  parallel = imageChildrenFor(os.availableParallelism()),
  idleMs = 15_000,
}: {
  /** How many child processes at most. */
  parallel?: number;
  /** How long an idle child is kept before it exits. */
  idleMs?: number;
} = {}): SourcePreparer {
  const children = createChildPool<PreparerMessage, PreparerAnswer>({
    module: CHILD,
    name: "upload preparer",
    size: parallel,
    idleMs,
  });
  return async (input, field) => {
    const answer = await children.ask({ input: input instanceof Uint8Array ? input : { path: input.path }, field });
    if ("refused" in answer) throw new ValidationError(answer.refused.message, answer.refused.fields);
    const { source } = answer;
    return { ...source, largest: { ...source.largest, data: Buffer.from(source.largest.data) } };
  };
}
