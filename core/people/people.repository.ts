import type { Insertable, Kysely } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { newId } from "../shared/ids.ts";
import type { ErasureTable, PersonExportTable } from "./people.table.ts";
import { addressIs, type PersonSource } from "./person-source.ts";

/** The ids of these addresses, made the first time each is listed. */
export async function idsOf(db: Db, keys: string[], now: string): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  await db
    .insertInto("people")
    .values(keys.map((key) => ({ id: newId(), email_key: key, created_at: now })))
    .onConflict((oc) => oc.column("email_key").doNothing())
    .execute();
  const rows = await db.selectFrom("people").select(["id", "email_key"]).where("email_key", "in", keys).execute();
  return new Map(rows.map((row) => [row.email_key, row.id]));
}

export async function addressOf(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom("people").select("email_key").where("id", "=", id).executeTakeFirst())?.email_key;
}

export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.deleteFrom("people").where("id", "=", id).execute();
}

export async function movePerson(db: Db, id: string, key: string): Promise<void> {
  await db.deleteFrom("people").where("email_key", "=", key).where("id", "!=", id).execute();
  await db.updateTable("people").set({ email_key: key }).where("id", "=", id).execute();
}

export async function subscriberWith(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("subscribers")
    .select("id")
    .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", key))
    .executeTakeFirst();
  return row !== undefined;
}

export async function suppress(db: Db, hash: string, now: string): Promise<void> {
  await db
    .insertInto("suppressed_addresses")
    .values({ hash, created_at: now })
    .onConflict((oc) => oc.column("hash").doNothing())
    .execute();
}

/** Lets an address be subscribed again; true if it was kept off the list. */
export async function unsuppress(db: Db, hash: string): Promise<boolean> {
  const result = await db.deleteFrom("suppressed_addresses").where("hash", "=", hash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function suppressedAmong(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.selectFrom("suppressed_addresses").select("hash").where("hash", "in", hashes).execute();
  return new Set(rows.map((row) => row.hash));
}

export async function insertExport(db: Db, row: Insertable<PersonExportTable>): Promise<void> {
  await db.insertInto("people_exports").values(row).execute();
}

export const findExport = (db: Db, id: string) =>
  db.selectFrom("people_exports").selectAll().where("id", "=", id).executeTakeFirst();

export async function finishExport(db: Db, id: string, zip: string | null, now: string): Promise<void> {
  await db.updateTable("people_exports").set({ status: "done", zip, finished_at: now }).where("id", "=", id).execute();
}

/** Exports are kept a day: long enough to download, not a second copy of everyone's data. */
export async function deleteExportsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom("people_exports").where("created_at", "<", before).execute();
}

export async function deleteExportsOf(db: Db, personId: string): Promise<void> {
  await db.deleteFrom("people_exports").where("person_id", "=", personId).execute();
}

export async function insertErasure(db: Db, row: Insertable<ErasureTable>): Promise<void> {
  await db.insertInto("erasures").values(row).execute();
}

export const findErasure = (db: Db, id: string) =>
  db.selectFrom("erasures").selectAll().where("id", "=", id).executeTakeFirst();

/**
 * Takes a pending erasure, first thing in its transaction: true for exactly one caller (on PostgreSQL
 * the row lock holds a second one until the first commits, which then finds it done).
 */
export async function claimErasure(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("erasures")
    .set({ status: "done", finished_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the erasure did; the address it was for goes in the same transaction. */
export async function recordErasure(db: Db, id: string, summary: string): Promise<void> {
  await db.updateTable("erasures").set({ summary, email_key: null }).where("id", "=", id).execute();
}

/** Erasures a person asked for, waiting for staff, oldest first, with the address they are for. */
export async function requestedErasures(db: Db) {
  return db
    .selectFrom("erasures")
    .select(["id", "person_id", "email_key", "created_at"])
    .where("status", "=", "requested")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** A person's request confirmed by staff: it becomes a pending erasure (true), or was not waiting (false). */
export async function approveErasure(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("erasures")
    .set({ status: "pending" })
    .where("id", "=", id)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A declined request goes, with the address it held; answers the address and the language asked in, or undefined if it was not waiting. */
export async function declineErasure(db: Db, id: string): Promise<{ key: string; locale: string | null } | undefined> {
  const row = await db
    .selectFrom("erasures")
    .select(["email_key", "locale"])
    .where("id", "=", id)
    .where("status", "=", "requested")
    .executeTakeFirst();
  if (!row?.email_key) return undefined;
  await db.deleteFrom("erasures").where("id", "=", id).execute();
  return { key: row.email_key, locale: row.locale };
}

/**
 * `rectify` for a table that keeps a person's name and address in two columns: writes whichever of
 * the two changed on every row of the address `key`, and answers how many rows changed.
 */
export function rectifyColumns(
  table: keyof Database,
  columns: { name: string; email: string },
): PersonSource["rectify"] {
  return async (trx, key, change) => {
    const result = await (trx as Kysely<any>)
      .updateTable(table)
      .set({
        ...(change.name !== undefined && { [columns.name]: change.name }),
        ...(change.email !== undefined && { [columns.email]: change.email }),
      })
      .where(addressIs(columns.email, key))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  };
}
