import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0790-email-series.md: e-mail series (the welcome series is the
// first). A series is its steps (day offset, an English and an Amharic text written with the
// newsletter editor, on/off); an address is enrolled once per series; `email_series_sends` records
// each step's message in the transaction that queues it, so a step is never sent twice. The welcome
// series starts with two steps staff may rewrite (the receipt is its day 0).
// docs/decisions/0792-lapsed-donors-as-a-newsletter-audience.md: `newsletters.audience_year` set
// means the newsletter goes only to confirmed subscribers who are donors lapsed in that year.

const WELCOME_STEPS = [
  {
    id: "welcome-day-7",
    position: 1,
    day_offset: 7,
    stops_on_second_gift: 0,
    subject_en: "What your gift did",
    content_en:
      "<p>A week ago you gave to Hope Behind Bars. Thank you.</p><p>Your gift helps children who live in prison with their mothers: food, school things and a safe place to play.</p>",
    subject_am: "ስጦታዎ ያደረገው",
    content_am:
      "<p>ከአንድ ሳምንት በፊት ለHope Behind Bars ሰጥተዋል። እናመሰግናለን።</p><p>ስጦታዎ ከእናቶቻቸው ጋር በእስር ቤት የሚኖሩ ልጆችን ይረዳል፦ ምግብ፣ የትምህርት ቁሳቁስ እና ደህንነቱ የተጠበቀ የመጫወቻ ቦታ።</p>",
  },
  {
    id: "welcome-day-30",
    position: 2,
    day_offset: 30,
    stops_on_second_gift: 1,
    subject_en: "Stay close to the children you helped",
    content_en:
      '<p>A month ago you gave to Hope Behind Bars. Our newsletter tells what happens next, a few times a year: <a href="/newsletter">subscribe here</a>.</p><p>Or give a little every month: <a href="/donate">a monthly gift</a> lets us plan ahead.</p>',
    subject_am: "ከረዷቸው ልጆች ጋር ይቆዩ",
    content_am:
      '<p>ከአንድ ወር በፊት ለHope Behind Bars ሰጥተዋል። ጋዜጣችን ቀጥሎ የሚሆነውን ይነግራል፦ <a href="/am/newsletter">እዚህ ይመዝገቡ</a>።</p><p>ወይም በየወሩ ትንሽ ይስጡ፦ <a href="/am/donate">ወርሃዊ ስጦታ</a> አስቀድመን እንድናቅድ ያስችለናል።</p>',
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("email_series_steps")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("day_offset", "integer", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("stops_on_second_gift", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("subject_en", "text", (c) => c.notNull())
    .addColumn("content_en", "text", (c) => c.notNull())
    .addColumn("subject_am", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content_am", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("email_series_steps_position_key", ["series", "position"])
    .execute();
  await db.schema
    .createTable("email_series_enrolments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("enrolled_at", "text", (c) => c.notNull())
    .addColumn("second_gift_at", "text")
    .addColumn("stopped_at", "text")
    .addColumn("stop_reason", "text")
    .addUniqueConstraint("email_series_enrolments_address_key", ["series", "email_key"])
    .execute();
  await db.schema
    .createIndex("email_series_enrolments_email_idx")
    .on("email_series_enrolments")
    .column("email_key")
    .execute();
  await db.schema
    .createTable("email_series_sends")
    .addColumn("enrolment_id", "text", (c) => c.notNull().references("email_series_enrolments.id").onDelete("cascade"))
    .addColumn("step_id", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("email_series_sends_pkey", ["enrolment_id", "step_id"])
    .execute();
  await db.schema.alterTable("newsletters").addColumn("audience_year", "integer").execute();
  const now = new Date().toISOString();
  await db
    .insertInto("email_series_steps")
    .values(WELCOME_STEPS.map((step) => ({ ...step, series: "welcome", enabled: 1, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("newsletters").dropColumn("audience_year").execute();
  await db.schema.dropTable("email_series_sends").execute();
  await db.schema.dropTable("email_series_enrolments").execute();
  await db.schema.dropTable("email_series_steps").execute();
}
