import type { Readable } from "node:stream";
import type { Db } from "../../db/database.ts";
import { keysetBatches, mapBatches } from "../shared/batches.ts";
import { type CsvColumn, csvStream } from "../shared/csv.ts";
import { ValidationError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./activity.repository.ts";
import {
  type ActivityEntry,
  type ActivityPage,
  type ActivityPerson,
  ActivityQuerySchema,
  entityNoun,
} from "./activity.schema.ts";
import { describeActivity } from "./activity-text.ts";
import { type Actor, type Audit, type AuditChanges, SYSTEM_ACTOR } from "./audit.ts";

/** How the audit log names its own export. */
export const ACTIVITY_AUDIT_ENTITY = "activity";

/** Rows read per query while writing the CSV. */
const EXPORT_BATCH = 1000;

const encodeCursor = (cursor: repo.ActivityCursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(text: string | undefined): repo.ActivityCursor | undefined {
  if (!text) return undefined;
  try {
    const { at, id } = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (typeof at === "string" && typeof id === "string") return { at, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw new ValidationError("This page link is no longer valid. Start again from the first page.", {
    cursor: "Unknown cursor.",
  });
}

const CSV_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: "Time (UTC)", value: (e) => e.at },
  { header: "Person", value: (e) => e.person },
  { header: "E-mail", value: (e) => e.email },
  { header: "IP", value: (e) => e.ip },
  { header: "Action", value: (e) => e.action },
  { header: "Record", value: (e) => entityNoun(e.entity) },
  { header: "Record id", value: (e) => e.entityId },
  { header: "Fields", value: (e) => e.fields.join(" ") },
  { header: "What happened", value: (e) => e.summary },
];

/** The Activity screen's reading of the audit log (core/audit/audit.ts is its only writer). */
export function createActivity({ db, audit }: { db: Db; audit: Audit }) {
  async function entries(trx: Db, rows: repo.ActivityRow[]): Promise<ActivityEntry[]> {
    const labels = await repo.labelsOf(trx, rows);
    return rows.map((row) => {
      const { fields, values } = JSON.parse(row.changes) as AuditChanges;
      const person =
        row.actor_name || (row.actor_email === SYSTEM_ACTOR.email && !row.actor_id ? "System" : row.actor_email);
      const entry = {
        id: row.id,
        at: row.at,
        personId: row.actor_id,
        person,
        email: row.actor_email,
        ip: row.ip,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        fields,
        values,
      };
      const label =
        (row.entity_id ? labels.get(`${row.entity}:${row.entity_id}`) : undefined) ?? row.label ?? undefined;
      return { ...entry, summary: describeActivity({ ...entry, label }) };
    });
  }

  return {
    /** One page, newest first. */
    async list(input: unknown): Promise<ActivityPage> {
      const { cursor, limit, ...filters } = parseInput(ActivityQuerySchema, input);
      const rows = await repo.activityQuery(db, filters, decodeCursor(cursor), limit + 1).execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: await entries(db, page),
        nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
      };
    },

    /** Everyone with a staff account, for the person filter. */
    async people(): Promise<ActivityPerson[]> {
      return repo.listPeople(db);
    },

    /** Every entry the filters select, as a streamed CSV; the export is itself recorded. */
    exportCsv(input: unknown, actor: Actor): Readable {
      const { cursor: _ignored, limit: _all, ...filters } = parseInput(ActivityQuerySchema, input);
      const rows = keysetBatches<repo.ActivityRow>(
        (last, size) => repo.activityQuery(db, filters, last && { at: last.at, id: last.id }, size).execute(),
        EXPORT_BATCH,
      );
      return csvStream(
        CSV_COLUMNS,
        mapBatches(rows, (batch) => entries(db, batch)),
        (count) =>
          db.transaction().execute((trx) =>
            audit.record(trx, actor, {
              action: "export",
              entity: ACTIVITY_AUDIT_ENTITY,
              fields: Object.entries(filters)
                .filter(([, value]) => value !== undefined)
                .map(([key]) => key),
              values: { rows: count },
            }),
          ),
      );
    },
  };
}
