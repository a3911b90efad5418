import { sql } from "kysely";
import { containsPattern } from "../../admin-lists/list-sql.ts";
import type { PersonSource } from "../person-source.ts";

/**
 * Queued and finished jobs whose payload names the address (an e-mail to them, a sign-in link job):
 * never shown, but erased with the rest. A job running at that moment is left to finish.
 */
export const mailQueue: PersonSource = {
  kind: "queued-mail",
  file: "queued-mail",
  records: async () => [],
  rectify: async () => 0,

  async erase(trx, key) {
    const result = await trx
      .deleteFrom("jobs")
      .where("status", "!=", "running")
      .where(sql<boolean>`lower(payload) like ${containsPattern(key)} escape '\\'`)
      .executeTakeFirst();
    return { erased: Number(result.numDeletedRows), keptByLaw: 0 };
  },
};
