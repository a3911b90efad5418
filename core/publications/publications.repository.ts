import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { DocumentState } from "../versions/versions.ts";
import type { PublicationTable } from "./publications.table.ts";

export type PublicationRow = Selectable<PublicationTable>;

/** Newest publication date first; same-day ones newest-added first; one state when named. */
export async function listPublications(db: Db, status?: DocumentState): Promise<PublicationRow[]> {
  let query = db.selectFrom("publications").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("publication_date", "desc").orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function findPublication(db: Db, id: string): Promise<PublicationRow | undefined> {
  return db.selectFrom("publications").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPublication(db: Db, row: PublicationRow): Promise<void> {
  await db.insertInto("publications").values(row).execute();
}

export async function updatePublication(
  db: Db,
  id: string,
  changes: Omit<PublicationRow, "id" | "created_at">,
): Promise<void> {
  await db.updateTable("publications").set(changes).where("id", "=", id).execute();
}

export async function deletePublication(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("publications").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
