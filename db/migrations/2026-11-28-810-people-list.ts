import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once merged. The People list read from one maintained row per person
// (docs/decisions/0810-people-list-maintained.md): `people` gains the list's columns, filled from
// every source table; each write to a source table marks its addresses in `people_changes` in the
// same transaction (triggers, so no write path can forget it), and the marked rows are brought up to
// date from the sources before the list is read and by a job every minute. Every address already
// held is marked here, so the first refresh builds the rows for existing data.

/** The tables whose rows the People search reads, and the column holding the address. */
const SOURCE_COLUMNS: Array<[table: string, column: string]> = [
  ["donations", "donor_email"],
  ["offline_gifts", "donor_email"],
  ["gift_pledges", "donor_email"],
  ["receipts", "donor_email"],
  ["subscribers", "email"],
  ["volunteer_applications", "email"],
  ["contact_messages", "email"],
  // The person a tribute card tells (migration 780).
  ["donation_tributes", "notify_email"],
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const mark = (key: string) =>
  `insert into people_changes (email_key, version) values (${key}, 1) on conflict (email_key) do update set version = people_changes.version + 1;`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("people").addColumn("name", "text").execute();
  await db.schema.alterTable("people").addColumn("phone", "text").execute();
  await db.schema
    .alterTable("people")
    .addColumn("sort_name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("people")
    .addColumn("kinds", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("people")
    .addColumn("records", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("people")
    .addColumn("last_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("people")
    .addColumn("search", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("people_recent_idx").on("people").columns(["last_at desc", "email_key"]).execute();
  await db.schema.createIndex("people_name_idx").on("people").columns(["sort_name", "email_key"]).execute();
  await db.schema
    .createTable("people_changes")
    .addColumn("email_key", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql
      .raw(`create function people_mark() returns trigger language plpgsql as $$
declare k text;
begin
  if TG_OP in ('UPDATE', 'DELETE') then
    k := lower(to_jsonb(OLD) ->> TG_ARGV[0]);
    if k is not null then ${mark("k")} end if;
  end if;
  if TG_OP in ('INSERT', 'UPDATE') then
    k := lower(to_jsonb(NEW) ->> TG_ARGV[0]);
    if k is not null then ${mark("k")} end if;
  end if;
  return null;
end $$`)
      .execute(db);
    for (const [table, column] of SOURCE_COLUMNS)
      await sql
        .raw(
          `create trigger ${table}_people_mark after insert or update or delete on ${table} for each row execute function people_mark('${column}')`,
        )
        .execute(db);
  } else {
    for (const [table, column] of SOURCE_COLUMNS) {
      const on = (event: string, row: string) =>
        sql
          .raw(
            `create trigger ${table}_people_mark_${event}_${row} after ${event} on ${table} for each row when ${row}.${column} is not null begin ${mark(`lower(${row}.${column})`)} end`,
          )
          .execute(db);
      await on("insert", "new");
      await on("update", "old");
      await on("update", "new");
      await on("delete", "old");
    }
  }

  const held = SOURCE_COLUMNS.map(
    ([table, column]) => `select lower(${column}) as email_key from ${table} where ${column} is not null`,
  );
  await sql
    .raw(
      `insert into people_changes (email_key, version) select distinct email_key, 1 from (${[...held, "select email_key from people"].join(" union ")}) a`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [table] of SOURCE_COLUMNS) await sql.raw(`drop trigger ${table}_people_mark on ${table}`).execute(db);
    await sql.raw("drop function people_mark()").execute(db);
  } else {
    for (const [table] of SOURCE_COLUMNS)
      for (const name of ["insert_new", "update_old", "update_new", "delete_old"])
        await sql.raw(`drop trigger ${table}_people_mark_${name}`).execute(db);
  }
  await db.schema.dropTable("people_changes").execute();
  await db.schema.dropIndex("people_name_idx").execute();
  await db.schema.dropIndex("people_recent_idx").execute();
  for (const column of ["search", "last_at", "records", "kinds", "sort_name", "phone", "name"])
    await db.schema.alterTable("people").dropColumn(column).execute();
}
