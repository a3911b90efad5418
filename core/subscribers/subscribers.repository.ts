import type { Db } from "../../db/database.ts";
import type { Subscriber } from "./subscribers.schema.ts";
import type { SubscriberTable } from "./subscribers.table.ts";

const toSubscriber = (row: SubscriberTable): Subscriber => ({
  _id: row.id,
  email: row.email,
  createdAt: row.created_at,
});

export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await db.selectFrom("subscribers").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map(toSubscriber);
}

export async function findSubscriberByEmail(db: Db, email: string): Promise<Subscriber | undefined> {
  const row = await db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  return row && toSubscriber(row);
}

export async function insertSubscriber(db: Db, row: SubscriberTable): Promise<Subscriber> {
  await db.insertInto("subscribers").values(row).execute();
  return toSubscriber(row);
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
