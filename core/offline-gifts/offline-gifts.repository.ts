import type { Db } from "../../db/database.ts";
import type { Currency } from "../money/money.ts";
import type { GiftMethod, OfflineGift, Pledge, PledgeStatus } from "./offline-gifts.schema.ts";
import type { GiftPledgeTable, OfflineGiftTable } from "./offline-gifts.table.ts";

const toGift = (row: OfflineGiftTable): OfflineGift => ({
  receiptId: null,
  _id: row.id,
  receivedOn: row.received_on,
  method: row.method as GiftMethod,
  amountMinor: Number(row.amount_minor),
  currency: row.currency as Currency,
  etbPerUsd: row.etb_per_usd,
  usdCents: Number(row.usd_cents),
  fundId: row.fund_id,
  donorName: row.donor_name,
  donorEmail: row.donor_email,
  reference: row.reference,
  note: row.note,
  pledgeId: row.pledge_id,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

const toPledge = (row: GiftPledgeTable): Pledge => ({
  _id: row.id,
  donorName: row.donor_name,
  donorEmail: row.donor_email,
  amountMinor: Number(row.amount_minor),
  currency: row.currency as Currency,
  transferredOn: row.transferred_on,
  bankReference: row.bank_reference,
  status: row.status as PledgeStatus,
  createdAt: row.created_at,
  decidedAt: row.decided_at,
  decidedBy: row.decided_by,
});

/** Every gift not deleted, newest first, or only those of `ids` (one ledger page's). */
export const listGifts = (db: Db, ids?: readonly string[]) => selectGifts(db, { ids });

/** The list in the same order after `after` (keyset on received_on, created_at, id), `limit` at most (the export's batches). */
export const giftsAfter = (db: Db, after: OfflineGift | undefined, limit?: number) => selectGifts(db, { after, limit });

async function selectGifts(
  db: Db,
  {
    ids,
    after,
    limit,
  }: { ids?: readonly string[] | undefined; after?: OfflineGift | undefined; limit?: number | undefined },
): Promise<OfflineGift[]> {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom("offline_gifts as g")
    .leftJoin("receipts as r", "r.offline_gift_id", "g.id")
    .selectAll("g")
    .select("r.id as receipt_id")
    .where("g.deleted_at", "is", null)
    .$if(ids !== undefined, (qb) => qb.where("g.id", "in", ids ?? []))
    .orderBy("g.received_on", "desc")
    .orderBy("g.created_at", "desc")
    .orderBy("g.id", "desc");
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple("g.received_on", "g.created_at", "g.id"),
        "<",
        eb.tuple(after.receivedOn, after.createdAt, after._id),
      ),
    );
  }
  const rows = await (limit === undefined ? query : query.limit(limit)).execute();
  return rows.map((row) => ({ ...toGift(row), receiptId: row.receipt_id ?? null }));
}

export async function findGift(db: Db, id: string): Promise<OfflineGift | undefined> {
  const row = await db
    .selectFrom("offline_gifts")
    .selectAll()
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row && toGift(row);
}

export async function insertGift(db: Db, row: OfflineGiftTable): Promise<void> {
  await db.insertInto("offline_gifts").values(row).execute();
}

export async function updateGift(
  db: Db,
  id: string,
  values: Omit<OfflineGiftTable, "id" | "pledge_id" | "created_at" | "created_by" | "deleted_at" | "deleted_by">,
): Promise<boolean> {
  const result = await db
    .updateTable("offline_gifts")
    .set(values)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a gift deleted (who, when); it then counts nowhere. False when there is none to delete. */
export async function deleteGift(db: Db, id: string, deletion: { at: string; by: string }): Promise<boolean> {
  const result = await db
    .updateTable("offline_gifts")
    .set({ deleted_at: deletion.at, deleted_by: deletion.by })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPledge(db: Db, row: GiftPledgeTable): Promise<void> {
  await db.insertInto("gift_pledges").values(row).execute();
}

/** Pending notices first (oldest first: the longest waiting), then the decided ones, newest first. */
export async function listPledges(db: Db): Promise<Pledge[]> {
  const rows = await db.selectFrom("gift_pledges").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
  const pledges = rows.map(toPledge);
  const pending = pledges.filter((pledge) => pledge.status === "pending").reverse();
  return [...pending, ...pledges.filter((pledge) => pledge.status !== "pending")];
}

export async function findPledge(db: Db, id: string): Promise<Pledge | undefined> {
  const row = await db.selectFrom("gift_pledges").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toPledge(row);
}

/** pending → confirmed | dismissed, once: false when someone decided it first. */
export async function decidePledge(
  db: Db,
  id: string,
  decision: { status: Exclude<PledgeStatus, "pending">; at: string; by: string },
): Promise<boolean> {
  const result = await db
    .updateTable("gift_pledges")
    .set({ status: decision.status, decided_at: decision.at, decided_by: decision.by })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
