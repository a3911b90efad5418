import { setImmediate as nextTurn } from "node:timers/promises";
import type { ExpressionBuilder } from "kysely";

/**
 * Reads a long, ordered list a batch at a time by keyset (each batch starts after the last row of
 * the one before: `WHERE (key) < last`, never OFFSET, so batch 200 costs what batch 1 does). Between
 * batches it gives the event loop a turn: on SQLite every query runs synchronously, and a loop of
 * them alone would keep every other request waiting until the last batch
 * (docs/decisions/0613-streamed-exports.md).
 */
export async function* keysetBatches<T>(
  read: (after: T | undefined, limit: number) => Promise<T[]>,
  size: number,
): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
    await nextTurn();
  }
}

/** Lets requests waiting behind a long piece of work run (one turn of the event loop). */
export const yieldToEventLoop = () => nextTurn();

/** Each batch turned into another as it is read (e.g. rows into what an export writes). */
export async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, map: (batch: T[]) => Promise<U[]> | U[]) {
  for await (const batch of batches) yield await map(batch);
}

/**
 * The keyset condition for lists shown newest first, then by id (`created_at desc, id`): the rows
 * after `after` in that order. For `keysetBatches` over subscribers, applications and messages.
 */
export const newestFirstAfter = (after: { createdAt: string; _id: string }) => (eb: ExpressionBuilder<any, any>) =>
  eb.or([
    eb("created_at", "<", after.createdAt),
    eb.and([eb("created_at", "=", after.createdAt), eb("id", ">", after._id)]),
  ]);
