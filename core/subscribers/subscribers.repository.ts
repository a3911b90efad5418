import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import { newestFirstAfter } from "../shared/batches.ts";
import type { ExpiredSubjects } from "../single-use-links/single-use-links.repository.ts";
import type { SubscriberStatus } from "./subscribers.constants.ts";
import type { Subscriber } from "./subscribers.schema.ts";
import type { SubscriberImportTable, SubscriberTable } from "./subscribers.table.ts";
import type { SubscribersListQuery } from "./subscribers-list.ts";

const toSubscriber = (row: Selectable<SubscriberTable>): Subscriber => ({
  _id: row.id,
  email: row.email,
  createdAt: row.created_at,
  status: row.status,
  confirmedAt: row.confirmed_at,
  unsubscribedAt: row.unsubscribed_at,
  source: row.source,
});

export async function listSubscribers(db: Db, status?: SubscriberStatus): Promise<Subscriber[]> {
  let query = db.selectFrom("subscribers").selectAll();
  if (status) query = query.where("status", "=", status);
  const rows = await query.orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map(toSubscriber);
}

/** One batch of the list in the same order, after `after` (keyset: newest first, then by id). */
export async function subscribersAfter(db: Db, after: Subscriber | undefined, limit: number): Promise<Subscriber[]> {
  let query = db.selectFrom("subscribers").selectAll();
  if (after) query = query.where(newestFirstAfter(after));
  const rows = await query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map(toSubscriber);
}

/** How many addresses have each status (statuses with none are absent). */
export async function countByStatus(db: Db): Promise<Partial<Record<SubscriberStatus, number>>> {
  const rows = await db
    .selectFrom("subscribers")
    .select((eb) => ["status", eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

export async function findSubscriberByEmail(db: Db, email: string): Promise<Subscriber | undefined> {
  const row = await db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  return row && toSubscriber(row);
}

export async function findSubscriberById(db: Db, id: string): Promise<Subscriber | undefined> {
  const row = await db.selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toSubscriber(row);
}

export async function insertSubscriber(db: Db, row: Insertable<SubscriberTable>): Promise<void> {
  await db.insertInto("subscribers").values(row).execute();
}

export async function updateSubscriber(db: Db, id: string, patch: Updateable<SubscriberTable>): Promise<void> {
  await db.updateTable("subscribers").set(patch).where("id", "=", id).execute();
}

/** Confirms the address if it is pending; returns it, or undefined. */
export async function confirmPending(db: Db, id: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable("subscribers")
    .set({ status: "confirmed", confirmed_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returning("email")
    .executeTakeFirst();
  return row?.email;
}

/** Deletes the pending addresses among the ids. */
export async function deletePendingAmong(db: Db, ids: ExpiredSubjects): Promise<number> {
  const result = await db
    .deleteFrom("subscribers")
    .where("status", "=", "pending")
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function existingEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom("subscribers")
      .select("email")
      .where("email", "in", emails.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.email);
  }
  return found;
}

export async function countSubscribersWithIds(db: Db, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteSubscribers(db: Db, ids: string[]): Promise<number> {
  const result = await db.deleteFrom("subscribers").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One page of Admin → Subscribers and how many match (docs/decisions/0610-admin-lists.md). */
export async function pageSubscribers(
  db: Db,
  query: SubscribersListQuery,
): Promise<{ items: Subscriber[]; total: number }> {
  let filtered = db.selectFrom("subscribers");
  if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
  if (query.q) filtered = filtered.where((eb) => containsText(eb, ["email"], query.q));
  const { rows, total } = await pageOf(filtered, query, (qb) => {
    const all = qb.selectAll();
    if (query.sort === "email") return all.orderBy(sql`lower(email)`).orderBy("id");
    const direction = query.sort === "oldest" ? "asc" : "desc";
    return all.orderBy("created_at", direction).orderBy("id", direction);
  });
  return { items: rows.map(toSubscriber), total };
}

/** Several new addresses in one statement (an import's batch). */
export async function insertSubscribers(db: Db, rows: Insertable<SubscriberTable>[]): Promise<void> {
  await db.insertInto("subscribers").values(rows).execute();
}

export async function insertImport(db: Db, row: Insertable<SubscriberImportTable>): Promise<void> {
  await db.insertInto("subscriber_imports").values(row).execute();
}

export function findImport(db: Db, id: string) {
  return db
    .selectFrom("subscriber_imports")
    .leftJoin("subscriber_import_files", "subscriber_import_files.import_id", "subscriber_imports.id")
    .selectAll("subscriber_imports")
    .select("subscriber_import_files.csv")
    .where("subscriber_imports.id", "=", id)
    .executeTakeFirst();
}

export async function insertImportFile(db: Db, importId: string, csv: string): Promise<void> {
  await db.insertInto("subscriber_import_files").values({ import_id: importId, csv }).execute();
}

export async function deleteImportFile(db: Db, importId: string): Promise<void> {
  await db.deleteFrom("subscriber_import_files").where("import_id", "=", importId).execute();
}

/** How far an import got, without its file (up to 5 MB, read only by the job). */
export function importProgress(db: Db, id: string) {
  return db
    .selectFrom("subscriber_imports")
    .select([
      "csv_length",
      "rows_done",
      "chars_done",
      "added",
      "confirmed",
      "already_known",
      "invalid_count",
      "invalid_shown",
      "finished_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function updateImport(db: Db, id: string, patch: Updateable<SubscriberImportTable>): Promise<void> {
  await db.updateTable("subscriber_imports").set(patch).where("id", "=", id).execute();
}
