/**
 * A process source-preparer.ts keeps for an upload's own work (docs/decisions/0440): lowers its
 * priority before sharp and its threads exist, then prepares one upload per message until the
 * server lets go of it. Refusals go back as the 400 the person sees.
 */
import { serveParent } from "./child-pool.ts";
import { lowerPriority } from "./lower-priority.ts";
import type { PreparerAnswer, PreparerMessage } from "./source-preparer.ts";

lowerPriority(5);

const { default: sharp } = await import("sharp");
// One upload at a time here, on one libvips thread: the server keeps one such process per core
// but one (imageChildrenFor).
sharp.concurrency(1);
const { prepareSource } = await import("./image-pipeline.ts");
const { bytesOf } = await import("./image-input.ts");
const { ValidationError } = await import("../shared/errors.ts");

serveParent<PreparerMessage, PreparerAnswer>(async ({ input, field }) => {
  try {
    return { source: await prepareSource(await bytesOf(input), field) };
  } catch (error) {
    if (error instanceof ValidationError) return { refused: { message: error.message, fields: error.fields } };
    throw error;
  }
});
