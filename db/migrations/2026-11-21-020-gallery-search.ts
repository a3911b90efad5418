import { type Kysely, PostgresIntrospector, sql } from "kysely";

/**
 * Gallery keyword search that stays index-backed on both databases (frozen once merged).
 *
 * `search_text` holds lower-cased "title\ndescription", written by the application (so both
 * databases lower-case Unicode the same way). Searching is a literal substring match on it:
 * - PostgreSQL: a pg_trgm GIN index serves `search_text LIKE '%…%'` when the extension can be
 *   created (it is trusted since PostgreSQL 13); without it the same query still works, by scan.
 * - SQLite: an FTS5 trigram index, kept in step by triggers, serves substring phrase queries.
 */
const isPostgres = (db: Kysely<any>) => db.introspection instanceof PostgresIntrospector;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("gallery_items")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const rows = await db.selectFrom("gallery_items").select(["id", "title", "description"]).execute();
  for (const row of rows) {
    await db
      .updateTable("gallery_items")
      .set({ search_text: `${row.title}\n${row.description}`.toLowerCase() })
      .where("id", "=", row.id)
      .execute();
  }

  // Dialect branch: the two engines index substrings with different machinery.
  if (isPostgres(db)) {
    // Serialised, and a refusal (no privilege) only leaves search unindexed instead of failing the start.
    await sql`select pg_advisory_xact_lock(hashtext('hbb_pg_trgm'))`.execute(db);
    await sql`
      do $$ begin
        create extension if not exists pg_trgm schema public;
      exception when others then
        raise notice 'pg_trgm unavailable (%): gallery search runs without a trigram index', sqlerrm;
      end $$`.execute(db);
    const extension = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const schema = extension.rows[0]?.schema;
    if (schema) {
      await sql`create index gallery_items_search_trgm_idx on gallery_items using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }

  await sql`create virtual table gallery_search using fts5(item_id unindexed, search_text, tokenize = 'trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`insert into gallery_search (item_id, search_text) select id, search_text from gallery_items`.execute(db);
  await sql`create trigger gallery_search_insert after insert on gallery_items begin
      insert into gallery_search (item_id, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger gallery_search_update after update of search_text on gallery_items begin
      delete from gallery_search where item_id = old.id;
      insert into gallery_search (item_id, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger gallery_search_delete after delete on gallery_items begin
      delete from gallery_search where item_id = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists gallery_items_search_trgm_idx`.execute(db);
  } else {
    for (const trigger of ["gallery_search_insert", "gallery_search_update", "gallery_search_delete"]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists gallery_search`.execute(db);
  }
  await db.schema.alterTable("gallery_items").dropColumn("search_text").execute();
}
