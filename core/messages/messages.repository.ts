import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import { newestFirstAfter } from "../shared/batches.ts";
import type { ContactMessage } from "./messages.schema.ts";
import type { ContactMessageTable } from "./messages.table.ts";
import type { MessagesListQuery } from "./messages-list.ts";

const toMessage = (row: ContactMessageTable): ContactMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  isRead: Number(row.is_read) === 1,
  createdAt: row.created_at,
});

export async function insertMessage(db: Db, row: ContactMessageTable): Promise<ContactMessage> {
  await db.insertInto("contact_messages").values(row).execute();
  return toMessage(row);
}

export async function listMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toMessage);
}

/** One batch of the list in the same order, after `after` (keyset: newest first, then by id). */
export async function messagesAfter(
  db: Db,
  after: ContactMessage | undefined,
  limit: number,
): Promise<ContactMessage[]> {
  let query = db.selectFrom("contact_messages").selectAll();
  if (after) query = query.where(newestFirstAfter(after));
  const rows = await query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map(toMessage);
}

export async function findMessage(db: Db, id: string): Promise<ContactMessage | undefined> {
  const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toMessage(row);
}

export async function setMessageRead(db: Db, id: string, isRead: boolean): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set({ is_read: isRead ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMessage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countUnread(db: Db): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("is_read", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of Admin → Messages and how many match (docs/decisions/0610-admin-lists.md). */
export async function pageMessages(
  db: Db,
  query: MessagesListQuery,
): Promise<{ items: ContactMessage[]; total: number }> {
  let filtered = db.selectFrom("contact_messages");
  if (query.read !== "all") filtered = filtered.where("is_read", "=", query.read === "read" ? 1 : 0);
  if (query.q) filtered = filtered.where((eb) => containsText(eb, ["name", "email", "message"], query.q));
  const direction = query.sort === "oldest" ? "asc" : "desc";
  const { rows, total } = await pageOf(filtered, query, (qb) =>
    qb.selectAll().orderBy("created_at", direction).orderBy("id", direction),
  );
  return { items: rows.map(toMessage), total };
}
