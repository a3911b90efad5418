import type { Db } from "../../db/database.ts";
import type { ActivityFilters } from "./activity.schema.ts";
import { KEPT_LABEL_SOURCES, type LabelSource, labelColumn, labelsFrom } from "./audit.repository.ts";

/** Where a page starts: the (at, id) of the last entry of the page before. */
export interface ActivityCursor {
  at: string;
  id: string;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * The audit log, newest first, filtered; keyset-paged on (at, id) so a page deep in a long log costs
 * the same as the first (migration 2026-11-22-070 indexes each filter with (at, id)).
 */
export function activityQuery(db: Db, filters: ActivityFilters, cursor: ActivityCursor | undefined, limit: number) {
  let query = db
    .selectFrom("audit_log as a")
    .leftJoin("admin_users as u", "u.id", "a.actor_id")
    .select([
      "a.id",
      "a.at",
      "a.actor_id",
      "a.actor_email",
      "a.ip",
      "a.action",
      "a.entity",
      "a.entity_id",
      "a.changes",
      "a.label",
      "u.name as actor_name",
    ]);
  if (filters.person) query = query.where("a.actor_id", "=", filters.person);
  if (filters.action) query = query.where("a.action", "=", filters.action);
  if (filters.entity) query = query.where("a.entity", "=", filters.entity);
  if (filters.from) query = query.where("a.at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("a.at", "<", nextDay(filters.to));
  if (cursor) {
    query = query.where((eb) => eb(eb.refTuple("a.at", "a.id"), "<", eb.tuple(cursor.at, cursor.id)));
  }
  return query.orderBy("a.at", "desc").orderBy("a.id", "desc").limit(limit);
}

export type ActivityRow = Awaited<ReturnType<ReturnType<typeof activityQuery>["execute"]>>[number];

/** Where each kind of record keeps the name the log shows for it while the record exists. */
const LIVE_LABEL_SOURCES: Record<string, LabelSource> = {
  ...KEPT_LABEL_SOURCES,
  "volunteer-application": labelColumn("volunteer_applications", "full_name"),
  message: labelColumn("contact_messages", "name"),
  subscriber: labelColumn("subscribers", "email"),
  staff: labelColumn("admin_users", "email"),
  "staff-invitation": labelColumn("staff_invitations", "email"),
};

/**
 * The current names of the records a page of entries mentions, keyed "entity:id": looked up while the
 * record exists. Once it is gone, an entry shows the name it kept (`audit_log.label`); one about a
 * person kept none and reads "a subscriber" (core/audit/activity-text.ts).
 */
export async function labelsOf(db: Db, rows: Array<Pick<ActivityRow, "entity" | "entity_id">>) {
  const labels = new Map<string, string>();
  for (const [entity, source] of Object.entries(LIVE_LABEL_SOURCES)) {
    const ids = [...new Set(rows.filter((r) => r.entity === entity && r.entity_id).map((r) => r.entity_id as string))];
    for (const [id, label] of await labelsFrom(db, source, ids)) labels.set(`${entity}:${id}`, label);
  }
  return labels;
}

/** Everyone who has a staff account, for the person filter. */
export function listPeople(db: Db) {
  return db.selectFrom("admin_users").select(["id", "name", "email"]).orderBy("email").execute();
}

/** Removes entries recorded before `cutoff`; returns how many. */
export async function deleteBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom("audit_log").where("at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
