import type { Db } from "../../db/database.ts";
import { formatMoney } from "../money/money.ts";
import { zonedDate } from "../shared/site-time.ts";
import { SECTION_TITLES } from "../site-content/site-content.schema.ts";
import type { AuditLogTable } from "./audit.table.ts";

/** Adds one entry to the audit log, in the caller's transaction (core/audit/audit.ts decides what). */
export async function insertAuditEntry(trx: Db, entry: AuditLogTable): Promise<void> {
  await trx.insertInto("audit_log").values(entry).execute();
}

/**
 * Where a kind of record keeps its name: the columns to read and how they read as a name, or, for
 * records that are a fixed part of the site, their names by id.
 */
export type LabelSource =
  | { table: string; columns: readonly string[]; label: (row: Record<string, unknown>) => string | null }
  | { names: Readonly<Record<string, string>> };

/** A name kept in one column. */
export const labelColumn = (table: string, name: string): LabelSource => ({
  table,
  columns: [name],
  label: (row) => (row[name] as string | null) || null,
});

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-28" or an instant (its day in the site's time zone) → "28 Nov 2026". */
function dayText(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : zonedDate(value);
  const [year, month, date] = day.split("-");
  return `${Number(date)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** A gift by its amount and day, never its donor: "ETB 1,000 on 28 Nov 2026". */
const gift = (table: string, amount: string, day: string): LabelSource => ({
  table,
  columns: [amount, "currency", day],
  label: (row) => `${formatMoney(Number(row[amount]), String(row.currency))} on ${dayText(String(row[day]))}`,
});

/**
 * The records whose name the log keeps (`audit_log.label`) when an entry is written: names staff gave
 * to content, campaigns and e-mails, a receipt's number, a gift's amount and day. Never a person's name
 * or anything a person typed about themselves: that is personal data, erased with the person, so
 * entries about people name them from the live record while it exists
 * (docs/decisions/0880-the-activity-log-names-deleted-content.md, 0889-every-activity-entry-names-its-record.md).
 */
export const KEPT_LABEL_SOURCES: Record<string, LabelSource> = {
  blog: labelColumn("blog_posts", "title"),
  publication: labelColumn("publications", "title"),
  "gallery-item": labelColumn("gallery_items", "title"),
  video: labelColumn("videos", "title"),
  newsletter: labelColumn("newsletters", "subject"),
  campaign: labelColumn("campaigns", "name"),
  "email-series-step": labelColumn("email_series_steps", "subject_en"),
  receipt: labelColumn("receipts", "number"),
  "site-content": { names: SECTION_TITLES },
  // A breach's description is free text that may name the people affected; its day is not.
  breach: { table: "data_breaches", columns: ["found_at"], label: (row) => dayText(String(row.found_at)) },
  donation: gift("donations", "amount_cents", "created_at"),
  "offline-gift": gift("offline_gifts", "amount_minor", "received_on"),
  pledge: gift("gift_pledges", "amount_minor", "transferred_on"),
};

/** The names of the records `ids` of one kind that still exist, by id. */
export async function labelsFrom(db: Db, source: LabelSource, ids: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if ("names" in source) {
    for (const id of ids) {
      const name = Object.hasOwn(source.names, id) ? source.names[id] : undefined;
      if (name) labels.set(id, name);
    }
    return labels;
  }
  if (ids.length === 0) return labels;
  const rows = (await db
    .selectFrom(source.table as "audit_log")
    .select(["id", ...source.columns] as never[])
    .where("id", "in", ids)
    .execute()) as Array<Record<string, unknown>>;
  for (const row of rows) {
    const label = source.label(row);
    if (label) labels.set(String(row.id), label);
  }
  return labels;
}

/**
 * The name an entry about `entity` `id` keeps: the record's name now, or, once it is deleted (an
 * entry written after the delete in the same transaction), the name the record's last entry kept.
 */
export async function keptLabel(trx: Db, entity: string, id: string): Promise<string | null> {
  const source = KEPT_LABEL_SOURCES[entity];
  if (!source) return null;
  const live = (await labelsFrom(trx, source, [id])).get(id);
  if (live) return live;
  const kept = await trx
    .selectFrom("audit_log")
    .select("label")
    .where("entity", "=", entity)
    .where("entity_id", "=", id)
    .where("label", "is not", null)
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  return kept?.label ?? null;
}
