import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, toCsv } from "../shared/csv.ts";
import { ConflictError, ValidationError } from "../shared/errors.ts";
import { isBotSubmission } from "../shared/honeypot.ts";
import { IdListSchema, unknownIdsMessage } from "../shared/id-list.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./subscribers.repository.ts";
import { ALREADY_SUBSCRIBED_MESSAGE, type Subscriber, SubscribeSchema } from "./subscribers.schema.ts";

const CSV_COLUMNS: CsvColumn<Subscriber>[] = [
  { header: "Email", value: (s) => s.email },
  { header: "Subscribed at (UTC)", value: (s) => s.createdAt },
];

/** How the audit log names a newsletter subscriber. */
export const SUBSCRIBER_AUDIT_ENTITY = "subscriber";

export function createSubscribersService(db: Db, clock: Clock, audit: Audit) {
  return {
    /** Adds a newsletter subscriber; the same address twice is a ConflictError (409). */
    async subscribe(input: unknown): Promise<void> {
      const data = parseInput(SubscribeSchema, input);
      if (isBotSubmission(data)) return;
      if (await repo.findSubscriberByEmail(db, data.email)) throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
      try {
        await repo.insertSubscriber(db, { id: newId(), email: data.email, created_at: clock().toISOString() });
      } catch (error) {
        // Two requests for the same address at once: the unique index decides.
        if (await repo.findSubscriberByEmail(db, data.email)) throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
        throw error;
      }
    },

    /** Newest first. */
    list: () => repo.listSubscribers(db),

    /** Deletes all the given subscribers, or none when any id is unknown. */
    async remove(input: unknown, actor: Actor): Promise<{ deleted: number }> {
      const ids = [...new Set(parseInput(IdListSchema, input).ids)];
      return db.transaction().execute(async (trx) => {
        const found = await repo.countSubscribersWithIds(trx, ids);
        if (found !== ids.length) throw new ValidationError(unknownIdsMessage(ids.length - found));
        for (const id of ids) {
          await audit.record(trx, actor, { action: "delete", entity: SUBSCRIBER_AUDIT_ENTITY, entityId: id });
        }
        return { deleted: await repo.deleteSubscribers(trx, ids) };
      });
    },

    /** Every subscriber as CSV; the export of these addresses is itself recorded. */
    async exportCsv(actor: Actor): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const rows = await repo.listSubscribers(trx);
        await audit.record(trx, actor, {
          action: "export",
          entity: SUBSCRIBER_AUDIT_ENTITY,
          values: { rows: rows.length },
        });
        return toCsv(CSV_COLUMNS, rows);
      });
    },
  };
}

export type SubscribersService = ReturnType<typeof createSubscribersService>;
