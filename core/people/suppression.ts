import type { Db } from "../../db/database.ts";
import { suppressionHash } from "./erased.ts";
import { suppressedAmong } from "./people.repository.ts";

/**
 * The addresses an erasure took off the newsletter list, kept as hashes only: the subscribe form
 * and the subscriber import ask here, so an erased address is not added back.
 */
export function createSuppressionList({ db }: { db: Db }) {
  return {
    /** The addresses among these that were erased. */
    async among(addresses: string[]): Promise<Set<string>> {
      const hashes = new Map(addresses.map((address) => [suppressionHash(address), address]));
      const found = await suppressedAmong(db, [...hashes.keys()]);
      return new Set([...found].map((hash) => hashes.get(hash) as string));
    },
  };
}

export type SuppressionList = ReturnType<typeof createSuppressionList>;
