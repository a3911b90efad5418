import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { countedFields, type TranslatableKind } from "./translations.schema.ts";

/** The translated fields of one item in one language, by field name. */
export async function findFields(db: Db, kind: string, itemId: string, locale: string) {
  const rows = await db
    .selectFrom("content_translations")
    .select(["field", "value", "updated_at", "updated_by"])
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("locale", "=", locale)
    .execute();
  const newest = rows.reduce<(typeof rows)[number] | undefined>(
    (latest, row) => (!latest || row.updated_at > latest.updated_at ? row : latest),
    undefined,
  );
  return {
    fields: Object.fromEntries(rows.map((row) => [row.field, row.value])) as Record<string, string>,
    updatedAt: newest?.updated_at ?? null,
    updatedBy: newest?.updated_by ?? null,
  };
}

/** The translated fields of several items at once (a page of a list), by item id. */
export async function findFieldsOfItems(
  db: Db,
  kind: string,
  itemIds: readonly string[],
  locale: string,
): Promise<Map<string, Record<string, string>>> {
  const found = new Map<string, Record<string, string>>();
  if (itemIds.length === 0) return found;
  const rows = await db
    .selectFrom("content_translations")
    .select(["item_id", "field", "value"])
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("item_id", "in", [...new Set(itemIds)])
    .execute();
  for (const row of rows) {
    const fields = found.get(row.item_id) ?? {};
    fields[row.field] = row.value;
    found.set(row.item_id, fields);
  }
  return found;
}

/** How many fields each item of a kind has translated into `locale` (items without any are absent). */
export async function countFields(
  db: Db,
  kind: string,
  locale: string,
  fields: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("content_translations")
    .select(["item_id"])
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("fields"))
    .where("kind", "=", kind)
    .where("locale", "=", locale)
    .where("field", "in", [...fields])
    .groupBy("item_id")
    .execute();
  return new Map(rows.map((row) => [row.item_id, Number(row.fields)]));
}

/**
 * Replaces an item's translation in one language with `fields` (empty values are not stored).
 * Run it in the caller's transaction, which also holds the audit record.
 */
export async function replaceFields(
  trx: Db,
  kind: string,
  itemId: string,
  locale: string,
  fields: Record<string, string>,
  at: string,
  by: string,
): Promise<void> {
  await trx
    .deleteFrom("content_translations")
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("locale", "=", locale)
    .execute();
  const rows = Object.entries(fields)
    .filter(([, value]) => value !== "")
    .map(([field, value]) => ({ kind, item_id: itemId, locale, field, value, updated_at: at, updated_by: by }));
  if (rows.length > 0) await trx.insertInto("content_translations").values(rows).execute();
}

/** Every translation of an item, in every language: deleted with the item. */
export async function deleteItem(trx: Db, kind: string, itemId: string): Promise<void> {
  await trx.deleteFrom("content_translations").where("kind", "=", kind).where("item_id", "=", itemId).execute();
}

/** The translated text of an item in every language (for a search index that covers them). */
export async function allValues(db: Db, kind: string, itemId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("content_translations")
    .select("value")
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .orderBy("locale")
    .orderBy("field")
    .execute();
  return rows.map((row) => row.value);
}

/** The coverage filters of the admin lists: a coverage, or `incomplete` for missing or partial. */
export const COVERAGE_FILTERS = ["incomplete", "missing", "partial", "complete"] as const;
export type CoverageFilterName = (typeof COVERAGE_FILTERS)[number];

/**
 * Items of `kind` (their id in `idColumn`) whose Amharic version has the `coverage` asked for, in SQL
 * so a list can filter before it pages: a field counts once it is stored (empty ones never are), and
 * an item is complete with all the fields `countedFields` names, as the translation service counts.
 */
export function amharicCoverageIs<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  where: { kind: TranslatableKind; idColumn: string },
  coverage: CoverageFilterName,
): Expression<SqlBool> {
  const fields = countedFields(where.kind);
  const stored = sql<number>`(select count(*) from content_translations t where t.kind = ${where.kind} and t.locale = 'am' and t.item_id = ${sql.ref(where.idColumn)} and t.field in (${sql.join(fields)}))`;
  const full = fields.length;
  if (coverage === "missing") return eb(stored, "=", 0);
  if (coverage === "complete") return eb(stored, ">=", full);
  if (coverage === "incomplete") return eb(stored, "<", full);
  return eb.and([eb(stored, ">", 0), eb(stored, "<", full)]);
}
