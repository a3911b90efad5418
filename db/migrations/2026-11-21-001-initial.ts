import { type Kysely, sql } from "kysely";

// Frozen once merged: change the schema with a new dated migration.
// Portable types only: text ids, ISO-8601 text timestamps, 'yyyy-MM-dd' text calendar dates,
// integer 0/1 flags, so SQLite and PostgreSQL store exactly the same values.

const inList = (column: string, values: string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_user_idx").on("admin_sessions").column("admin_user_id").execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("blocked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_linkedin", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("image_variants", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blog_posts_created_idx").on("blog_posts").column("created_at").execute();

  await db.schema
    .createTable("publications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("publication_date", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("image_variants", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("publications_date_idx")
    .on("publications")
    .columns(["publication_date", "created_at"])
    .execute();

  await db.schema
    .createTable("gallery_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("event_date", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "gallery_items_category_check",
      inList("category", ["Partnerships", "Education", "Support", "Skills Training"]),
    )
    .execute();
  await db.schema
    .createIndex("gallery_items_date_idx")
    .on("gallery_items")
    .columns(["event_date", "created_at"])
    .execute();
  await db.schema
    .createIndex("gallery_items_category_date_idx")
    .on("gallery_items")
    .columns(["category", "event_date"])
    .execute();

  await db.schema
    .createTable("gallery_images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("gallery_item_id", "text", (c) => c.notNull().references("gallery_items.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("variants", "text")
    .execute();
  await db.schema
    .createIndex("gallery_images_item_idx")
    .on("gallery_images")
    .columns(["gallery_item_id", "position"])
    .execute();

  await db.schema
    .createTable("videos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("youtube_id", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "videos_category_check",
      inList("category", ["Testimonials", "Program Highlights", "Community Stories"]),
    )
    .execute();
  await db.schema.createIndex("videos_created_idx").on("videos").column("created_at").execute();
  await db.schema.createIndex("videos_category_created_idx").on("videos").columns(["category", "created_at"]).execute();

  await db.schema
    .createTable("volunteer_applications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("age", "integer")
    .addColumn("interest", "text", (c) => c.notNull())
    .addColumn("skill_set", "text")
    .addColumn("other_interest_detail", "text")
    .addColumn("motivation", "text", (c) => c.notNull())
    .addColumn("availability", "text", (c) => c.notNull())
    .addColumn("linkedin", "text")
    .addColumn("twitter", "text")
    .addColumn("additional_comments", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "volunteer_interest_check",
      inList("interest", [
        "Skills-Based Volunteering",
        "Event Support",
        "Fundraising & Partnerships",
        "General Support",
        "Other",
      ]),
    )
    .addCheckConstraint("volunteer_availability_check", inList("availability", ["Weekdays", "Weekends", "Flexible"]))
    .addCheckConstraint(
      "volunteer_status_check",
      inList("status", ["Pending", "Contacted", "Accepted", "Rejected", "Canceled"]),
    )
    .execute();
  await db.schema
    .createIndex("volunteer_applications_created_idx")
    .on("volunteer_applications")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("contact_messages_is_read_check", sql`is_read in (0, 1)`)
    .execute();
  await db.schema.createIndex("contact_messages_created_idx").on("contact_messages").column("created_at").execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscribers_created_idx").on("subscribers").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "subscribers",
    "contact_messages",
    "volunteer_applications",
    "videos",
    "gallery_images",
    "gallery_items",
    "publications",
    "blog_posts",
    "login_throttle",
    "admin_sessions",
    "admin_users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
