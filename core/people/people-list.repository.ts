import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsPattern } from "../admin-lists/list-sql.ts";
import { newId } from "../shared/ids.ts";
import type { PersonSource } from "./person-source.ts";

/**
 * The People list's maintained rows (docs/decisions/0810-people-list-maintained.md). Triggers mark
 * in `people_changes` every address whose source rows a write touched, in the write's transaction;
 * `refreshMarked` brings those addresses' `people` rows up to date from the sources, a batch at a
 * time; the list reads `people` alone, with its indexes.
 */

/** Addresses refreshed in one transaction. */
export const REFRESH_BATCH = 500;

interface SourceRow {
  kind: string;
  email_key: string;
  name: string | null;
  phone: string | null;
  at: string | null;
}

/** What one person's row says, drawn from their source rows. */
export interface PersonRow {
  email_key: string;
  name: string | null;
  phone: string | null;
  sort_name: string;
  kinds: string;
  records: number;
  last_at: string;
  search: string;
}

/** Every source's rows for these addresses (all of them without `keys`): kind, email_key, name, phone, at. */
function sourceRows(sources: readonly PersonSource[], keys?: string[]): RawBuilder<SourceRow> {
  const only = keys ? sql`where r.email_key in (${sql.join(keys)})` : sql``;
  const parts = sources
    .filter((source) => source.searchRows)
    .map((source) => sql`select ${source.kind} as kind, r.* from (${source.searchRows}) r ${only}`);
  return sql<SourceRow>`${sql.join(parts, sql` union all `)}`;
}

const given = (value: string | null) => (value ?? "").trim();

/** The rows of `people` these source rows make: one per address, the newest name and phone given. */
export function peopleFrom(rows: SourceRow[]): Map<string, PersonRow> {
  const byKey = new Map<string, SourceRow[]>();
  for (const row of rows) byKey.set(row.email_key, [...(byKey.get(row.email_key) ?? []), row]);
  const people = new Map<string, PersonRow>();
  for (const [key, own] of byKey) {
    const newest = [...own].sort((a, b) => String(b.at ?? "").localeCompare(String(a.at ?? "")));
    const name = newest.map((row) => given(row.name)).find(Boolean) ?? null;
    const phone = newest.map((row) => given(row.phone)).find(Boolean) ?? null;
    const words = [...new Set(own.flatMap((row) => [given(row.name), given(row.phone)]).filter(Boolean))];
    people.set(key, {
      email_key: key,
      name,
      phone,
      sort_name: (name ?? "").toLowerCase(),
      kinds: [...new Set(own.map((row) => row.kind))].sort().join(","),
      records: own.length,
      last_at: String(newest[0]?.at ?? ""),
      search: [key, ...words].join("\n").toLowerCase(),
    });
  }
  return people;
}

/** What `people` should say for these addresses (every address held, without `keys`), read from the sources. */
export async function peopleFromSources(
  db: Db,
  sources: readonly PersonSource[],
  keys?: string[],
): Promise<Map<string, PersonRow>> {
  if (keys?.length === 0) return new Map();
  return peopleFrom((await sourceRows(sources, keys).execute(db)).rows);
}

/** Brings these addresses' rows up to date; an address nothing holds any more loses its row (or, while an export or erasure request names it, everything but the address). */
async function refreshKeys(trx: Db, sources: readonly PersonSource[], keys: string[], now: string): Promise<void> {
  const found = await peopleFromSources(trx, sources, keys);
  if (found.size > 0)
    await trx
      .insertInto("people")
      .values([...found.values()].map((row) => ({ id: newId(), created_at: now, ...row })))
      .onConflict((oc) =>
        oc.column("email_key").doUpdateSet((eb) => ({
          name: eb.ref("excluded.name"),
          phone: eb.ref("excluded.phone"),
          sort_name: eb.ref("excluded.sort_name"),
          kinds: eb.ref("excluded.kinds"),
          records: eb.ref("excluded.records"),
          last_at: eb.ref("excluded.last_at"),
          search: eb.ref("excluded.search"),
        })),
      )
      .execute();
  const gone = keys.filter((key) => !found.has(key));
  if (gone.length === 0) return;
  const waiting = (
    await trx
      .selectFrom("people")
      .select("id")
      .where("email_key", "in", gone)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("erasures")
              .select("erasures.id")
              .whereRef("erasures.person_id", "=", "people.id")
              .where("erasures.status", "!=", "done"),
          ),
          eb.exists(
            eb
              .selectFrom("people_exports")
              .select("people_exports.id")
              .whereRef("people_exports.person_id", "=", "people.id"),
          ),
        ]),
      )
      .execute()
  ).map((row) => row.id);
  await trx
    .updateTable("people")
    .set({ name: null, phone: null, sort_name: "", kinds: "", records: 0, last_at: "", search: "" })
    .where("email_key", "in", gone)
    .execute();
  await trx
    .deleteFrom("people")
    .where("email_key", "in", gone)
    .$if(waiting.length > 0, (qb) => qb.where("id", "not in", waiting))
    .execute();
}

/**
 * Brings these addresses' rows up to date inside the caller's transaction, clearing their marks: for
 * a write that must leave no mark naming an address behind (an erasure, a correction).
 */
export async function refreshNow(
  trx: Db,
  sources: readonly PersonSource[],
  keys: string[],
  now: string,
): Promise<void> {
  await refreshKeys(trx, sources, keys, now);
  await trx.deleteFrom("people_changes").where("email_key", "in", keys).execute();
}

/** Refreshes up to `limit` marked addresses in the caller's transaction; answers how many. */
async function refreshBatch(trx: Db, sources: readonly PersonSource[], now: string, limit: number): Promise<number> {
  const marks = await trx
    .selectFrom("people_changes")
    .select(["email_key", "version"])
    .orderBy("email_key")
    .limit(limit)
    .execute();
  if (marks.length === 0) return 0;
  await refreshKeys(
    trx,
    sources,
    marks.map((mark) => mark.email_key),
    now,
  );
  // A mark raised again meanwhile (a write committed while this ran) stays, for the next refresh.
  const byVersion = new Map<number, string[]>();
  for (const mark of marks) byVersion.set(mark.version, [...(byVersion.get(mark.version) ?? []), mark.email_key]);
  for (const [version, marked] of byVersion)
    await trx.deleteFrom("people_changes").where("email_key", "in", marked).where("version", "=", version).execute();
  return marks.length;
}

/** Refreshes up to `limit` marked addresses, a batch per transaction; answers how many. */
export async function refreshMarked(
  db: Db,
  sources: readonly PersonSource[],
  now: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<number> {
  let done = 0;
  while (done < limit) {
    const n = await db
      .transaction()
      .execute((trx) => refreshBatch(trx, sources, now, Math.min(REFRESH_BATCH, limit - done)));
    if (n === 0) break;
    done += n;
    // SQLite's queries are synchronous: let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

/** Refreshes every marked address inside the caller's transaction (a retention batch: its rows and the list's go together). */
export async function refreshMarkedIn(trx: Db, sources: readonly PersonSource[], now: string): Promise<void> {
  while ((await refreshBatch(trx, sources, now, REFRESH_BATCH)) > 0);
}

/** Marks every address held (and every row of `people`) for a refresh: the full rebuild. */
export async function markAll(db: Db, sources: readonly PersonSource[]): Promise<void> {
  await sql`insert into people_changes (email_key, version)
    select distinct email_key, 1 from (select email_key from (${sourceRows(sources)}) s union select email_key from people) a where true
    on conflict (email_key) do update set version = people_changes.version + 1`.execute(db);
}

export const markedCount = async (db: Db): Promise<number> =>
  Number((await db.selectFrom("people_changes").select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n ?? 0);

/** One page of the list: everyone held, or those whose address, a name or a phone contains `q`. */
export async function listPeople(
  db: Db,
  query: { q: string; page: number; pageSize: number; sort: "recent" | "name"; after?: string },
) {
  const pattern = containsPattern(query.q);
  let filtered = db.selectFrom("people").where("records", ">", 0);
  if (query.q) filtered = filtered.where(sql<boolean>`search like ${pattern} escape '\\'`);
  const recent = query.sort === "recent";
  const from = query.after
    ? await db
        .selectFrom("people")
        .select(["email_key", "last_at", "sort_name"])
        .where("id", "=", query.after)
        .executeTakeFirst()
    : undefined;
  let page = filtered
    .select(["id", "email_key", "name", "phone", "kinds", "last_at"])
    .orderBy(recent ? "last_at" : "sort_name", recent ? "desc" : "asc")
    .orderBy("email_key")
    .limit(query.pageSize + 1);
  if (from)
    page = page.where((eb) =>
      recent
        ? eb.or([
            eb("last_at", "<", from.last_at),
            eb.and([eb("last_at", "=", from.last_at), eb("email_key", ">", from.email_key)]),
          ])
        : eb.or([
            eb("sort_name", ">", from.sort_name),
            eb.and([eb("sort_name", "=", from.sort_name), eb("email_key", ">", from.email_key)]),
          ]),
    );
  else page = page.offset((query.page - 1) * query.pageSize);
  const [rows, count] = await Promise.all([
    page.execute(),
    filtered.select(sql<number>`count(*)`.as("total")).executeTakeFirst(),
  ]);
  return {
    rows: rows.slice(0, query.pageSize),
    more: rows.length > query.pageSize,
    total: Number(count?.total ?? 0),
  };
}
