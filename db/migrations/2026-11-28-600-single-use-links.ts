import { type Kysely, sql } from "kysely";

// Frozen once merged. One table for every link e-mailed to do one thing (core/single-use-links,
// docs/decisions/0600-single-use-links.md): password resets, staff invitations, "My giving" sign-ins
// and newsletter confirmations had a table or columns each. The links already sent are copied with
// their hashes, times and state, so a link e-mailed before the upgrade still works after it; then
// the old tables and columns go. An invitation stays a record of its own, without its link's hash.

const purposeAs = (name: string) => sql.lit(name).as("purpose");
const LINK_COLUMNS = ["id", "purpose", "subject", "token_hash", "created_at", "expires_at", "uses_left", "ended_at"];

/** Copies the rows a query selects, in LINK_COLUMNS' order and names, into the new table. */
async function copyLinks(db: Kysely<any>, rows: Parameters<ReturnType<Kysely<any>["insertInto"]>["expression"]>[0]) {
  await db.insertInto("single_use_links").columns(LINK_COLUMNS).expression(rows).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("single_use_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("uses_left", "integer", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .execute();
  await db.schema
    .createIndex("single_use_links_subject_idx")
    .on("single_use_links")
    .columns(["purpose", "subject", "created_at"])
    .execute();
  await db.schema.createIndex("single_use_links_expires_idx").on("single_use_links").column("expires_at").execute();

  await copyLinks(
    db,
    db
      .selectFrom("password_resets")
      .select([
        "id",
        purposeAs("password-reset"),
        "admin_user_id as subject",
        "token_hash",
        "created_at",
        "expires_at",
        sql<number>`case when ended_at is null then 1 else 0 end`.as("uses_left"),
        "ended_at",
      ]),
  );
  await copyLinks(
    db,
    db
      .selectFrom("donor_links")
      .select([
        "id",
        purposeAs("my-giving-sign-in"),
        "email as subject",
        "token_hash",
        "created_at",
        "expires_at",
        sql<number>`case when used_at is null then 1 else 0 end`.as("uses_left"),
        "used_at as ended_at",
      ]),
  );
  // A subscriber's link takes the subscriber's id as its own: an address had one link at a time.
  await copyLinks(
    db,
    db
      .selectFrom("subscribers")
      .select([
        "id",
        purposeAs("newsletter-confirmation"),
        "id as subject",
        "confirm_token_hash as token_hash",
        sql<string>`coalesce(confirm_sent_at, created_at)`.as("created_at"),
        "confirm_expires_at as expires_at",
        sql<number>`1`.as("uses_left"),
        sql<null>`null`.as("ended_at"),
      ])
      .where("confirm_token_hash", "is not", null)
      .where("confirm_expires_at", "is not", null),
  );
  // Only an open invitation's link can still work; so does its invitation's id.
  await copyLinks(
    db,
    db
      .selectFrom("staff_invitations")
      .select([
        "id",
        purposeAs("staff-invitation"),
        "id as subject",
        "token_hash",
        "sent_at as created_at",
        "expires_at",
        sql<number>`1`.as("uses_left"),
        sql<null>`null`.as("ended_at"),
      ])
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null),
  );

  // The links' own housekeeping now removes pending newsletter addresses; the old recurring job's
  // row would otherwise wait for a handler forever.
  await db.deleteFrom("jobs").where("type", "=", "subscribers.expire-pending").execute();
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("donor_links").execute();
  await db.schema.dropIndex("subscribers_confirm_token_idx").execute();
  for (const column of ["confirm_token_hash", "confirm_expires_at", "confirm_sent_at"]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
  // SQLite cannot drop a UNIQUE column, so the invitations move to a copy without it (on both
  // databases, to keep one path).
  await db.schema
    .createTable("staff_invitations_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("invited_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  const invitationColumns = [
    "id",
    "email",
    "role",
    "invited_by",
    "created_at",
    "sent_at",
    "expires_at",
    "accepted_at",
    "revoked_at",
  ];
  await db
    .insertInto("staff_invitations_next")
    .columns(invitationColumns)
    .expression(db.selectFrom("staff_invitations").select(invitationColumns))
    .execute();
  await db.schema.dropTable("staff_invitations").execute();
  await db.schema.alterTable("staff_invitations_next").renameTo("staff_invitations").execute();
  await sql`create unique index staff_invitations_open_email_idx on staff_invitations (email)
    where accepted_at is null and revoked_at is null`.execute(db);
}

/** Puts the old tables and columns back, empty: links sent since the upgrade are not carried back. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_invitations").addColumn("token_hash", "text").execute();
  for (const column of ["confirm_token_hash", "confirm_expires_at", "confirm_sent_at"]) {
    await db.schema.alterTable("subscribers").addColumn(column, "text").execute();
  }
  await db.schema
    .createIndex("subscribers_confirm_token_idx")
    .on("subscribers")
    .column("confirm_token_hash")
    .unique()
    .execute();
  await db.schema
    .createTable("donor_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.dropTable("single_use_links").execute();
}
