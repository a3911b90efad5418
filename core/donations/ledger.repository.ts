import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import { listGifts } from "../offline-gifts/offline-gifts.repository.ts";
import { countsAsGiving } from "./counted-gifts.ts";
import { listDonations } from "./donations.repository.ts";
import { type LedgerEntry, type LedgerQuery, OFFLINE_STATUS } from "./ledger.schema.ts";

const DONOR_COLUMNS = ["donor_name", "donor_email"] as const;

/** Card donations the ledger's filters keep, as (method, id, date) lines. */
function cardLines(db: Db, query: LedgerQuery, since: string) {
  const date = sql<string>`coalesce(paid_at, created_at)`;
  let lines = db.selectFrom("donations").select([sql.lit("card").as("method"), "id", date.as("date")]);
  if (since) lines = lines.where(date, ">=", since);
  // A failing monthly gift is `paid` in its column with a failed invoice (donationStatus).
  if (query.status === "payment_failed") {
    lines = lines.where("status", "=", "paid").where("failed_invoice_id", "is not", null);
  } else if (query.status === "paid") {
    lines = lines.where("status", "=", "paid").where("failed_invoice_id", "is", null);
  } else if (query.status !== "all") lines = lines.where("status", "=", query.status);
  if (query.fund === "none") lines = lines.where("fund_id", "is", null);
  else if (query.fund !== "all") lines = lines.where("fund_id", "=", query.fund);
  if (query.q) lines = lines.where((eb) => containsText(eb, DONOR_COLUMNS, query.q));
  if (query.gifts === "real") lines = lines.where(countsAsGiving());
  else if (query.gifts === "test") lines = lines.where(sql<boolean>`not ${countsAsGiving()}`);
  // Stripe's rows carry no method: a dollar gift paid online is a card gift.
  if (query.paidWith !== "all")
    lines = lines.where(sql<string>`coalesce(method, case when currency = 'usd' then 'card' end)`, "=", query.paidWith);
  return lines;
}

/** Offline gifts (not deleted) the filters keep; they are all "received". */
function offlineLines(db: Db, query: LedgerQuery, since: string) {
  let lines = db
    .selectFrom("offline_gifts")
    .select([sql.lit("offline").as("method"), "id", "received_on as date"])
    .where("deleted_at", "is", null);
  if (since) lines = lines.where("received_on", ">=", since);
  if (query.status !== "all" && query.status !== OFFLINE_STATUS) lines = lines.where(sql.lit(false));
  if (query.paidWith !== "all") lines = lines.where(sql.lit(false));
  // Offline gifts are money staff saw arrive: never test gifts.
  if (query.gifts === "test") lines = lines.where(sql.lit(false));
  if (query.fund === "none") lines = lines.where("fund_id", "is", null);
  else if (query.fund !== "all") lines = lines.where("fund_id", "=", query.fund);
  if (query.q) lines = lines.where((eb) => containsText(eb, DONOR_COLUMNS, query.q));
  return lines;
}

/**
 * One page of the ledger: the lines are chosen, ordered and counted in SQL over both tables, then
 * only that page's donations and gifts are read whole. `since` is the period's first day, or "".
 */
export async function ledgerPage(
  db: Db,
  query: LedgerQuery,
  since: string,
): Promise<{ items: LedgerEntry[]; total: number }> {
  const card = cardLines(db, query, since);
  const offline = offlineLines(db, query, since);
  const lines = query.method === "card" ? card : query.method === "offline" ? offline : card.unionAll(offline);
  const direction = query.sort === "oldest" ? "asc" : "desc";
  const { rows, total } = await pageOf(db.selectFrom(lines.as("l")), query, (qb) =>
    qb.select(["l.method", "l.id"]).orderBy("l.date", direction).orderBy("l.id", direction),
  );
  const ids = (method: string) => rows.filter((row) => row.method === method).map((row) => row.id);
  const [donations, gifts] = await Promise.all([listDonations(db, ids("card")), listGifts(db, ids("offline"))]);
  const byId = new Map<string, LedgerEntry>([
    ...donations.map((donation) => [donation._id, { method: "card", donation }] as const),
    ...gifts.map((gift) => [gift._id, { method: "offline", gift }] as const),
  ]);
  return { items: rows.flatMap((row) => byId.get(row.id) ?? []), total };
}
