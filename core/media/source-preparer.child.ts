/**
 * A process source-preparer.ts keeps for an upload's own work (docs/decisions/0440): lowers its
 * priority before sharp and its threads exist, then prepares one upload per message until the
 * server lets go of it. Refusals go back as the 400 the person sees.
 */
import { lowerPriority } from "./lower-priority.ts";

lowerPriority(Number(process.env.SOURCE_PREPARER_NICE ?? 5));

const { default: sharp } = await import("sharp");
// One upload at a time here, on one libvips thread: the server keeps one such process per core.
sharp.concurrency(1);
const { prepareSource } = await import("./image-pipeline.ts");
const { ValidationError } = await import("../shared/errors.ts");

process.on("message", async (message: { id: number; bytes: Uint8Array; field: string }) => {
  let answer: object;
  try {
    const source = await prepareSource(message.bytes, message.field);
    answer = { id: message.id, ok: true, source };
  } catch (error) {
    answer =
      error instanceof ValidationError
        ? { id: message.id, ok: false, refused: { message: error.message, fields: error.fields } }
        : { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (process.connected) process.send?.(answer);
});
// The server let go (idle, stopped or killed): nothing is owed to anyone.
process.once("disconnect", () => process.exit(0));
if (process.connected) process.send?.({ ready: true });
