import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { EmailSeriesName, EmailSeriesStep } from "./email-series.schema.ts";
import type { EmailSeriesEnrolmentTable, EmailSeriesStepTable } from "./email-series.table.ts";

export type StepRow = EmailSeriesStepTable;
export type EnrolmentRow = EmailSeriesEnrolmentTable;

export const toStep = (row: StepRow): EmailSeriesStep => ({
  _id: row.id,
  series: row.series as EmailSeriesName,
  position: Number(row.position),
  dayOffset: Number(row.day_offset),
  enabled: Number(row.enabled) === 1,
  stopsOnSecondGift: Number(row.stops_on_second_gift) === 1,
  subjectEn: row.subject_en,
  contentEn: row.content_en,
  subjectAm: row.subject_am,
  contentAm: row.content_am,
  updatedAt: row.updated_at,
});

export const stepsOf = (db: Db, series: string) =>
  db.selectFrom("email_series_steps").selectAll().where("series", "=", series).orderBy("position").execute();

export const findStep = (db: Db, id: string) =>
  db.selectFrom("email_series_steps").selectAll().where("id", "=", id).executeTakeFirst();

export async function updateStep(db: Db, id: string, patch: Partial<StepRow>): Promise<void> {
  await db.updateTable("email_series_steps").set(patch).where("id", "=", id).execute();
}

export const findEnrolment = (db: Db, by: { id: string } | { series: string; emailKey: string }) => {
  const query = db.selectFrom("email_series_enrolments").selectAll();
  return (
    "id" in by
      ? query.where("id", "=", by.id)
      : query.where("series", "=", by.series).where("email_key", "=", by.emailKey)
  ).executeTakeFirst();
};

/** False when the address is enrolled in the series already. */
export async function insertEnrolment(db: Db, row: EnrolmentRow): Promise<boolean> {
  const result = await db
    .insertInto("email_series_enrolments")
    .values(row)
    .onConflict((oc) => oc.columns(["series", "email_key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function markSecondGift(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("email_series_enrolments")
    .set({ second_gift_at: at })
    .where("id", "=", id)
    .where("second_gift_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stops an enrolment, or every one of an address; answers the enrolments stopped. */
export async function stop(
  db: Db,
  by: { id: string } | { emailKey: string },
  stopped: { at: string; reason: string },
): Promise<string[]> {
  const query = db
    .updateTable("email_series_enrolments")
    .set({ stopped_at: stopped.at, stop_reason: stopped.reason })
    .where("stopped_at", "is", null);
  const rows = await ("id" in by ? query.where("id", "=", by.id) : query.where("email_key", "=", by.emailKey))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Records a step's outcome for an enrolment; false when one is recorded already (it ran before). */
export async function recordSend(
  db: Db,
  row: { enrolment_id: string; step_id: string; outcome: "queued" | "skipped"; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto("email_series_sends")
    .values(row)
    .onConflict((oc) => oc.columns(["enrolment_id", "step_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Who gave a donation, in which language, and whether it is a test gift. */
export const donorOf = (db: Db, donationId: string) =>
  db.selectFrom("donations").select(["donor_email", "locale", "test"]).where("id", "=", donationId).executeTakeFirst();

/**
 * Gifts from an address that count (test gifts never do): each payment of an online gift, and each
 * offline gift recorded with the address. The first one enrols; any later one is a second gift.
 */
export async function giftsFrom(db: Db, emailKey: string): Promise<number> {
  const online = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(sql<boolean>`lower(d.donor_email) = ${emailKey}`)
    .where("d.test", "=", 0)
    .executeTakeFirstOrThrow();
  const offline = await db
    .selectFrom("offline_gifts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(sql<boolean>`lower(donor_email) = ${emailKey}`)
    .executeTakeFirstOrThrow();
  return Number(online.n) + Number(offline.n);
}

export async function counts(db: Db, series: string): Promise<{ enrolled: number; active: number }> {
  const row = await db
    .selectFrom("email_series_enrolments")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("enrolled"),
      eb.fn.count<number | string>("id").filterWhere("stopped_at", "is", null).as("active"),
    ])
    .where("series", "=", series)
    .executeTakeFirstOrThrow();
  return { enrolled: Number(row.enrolled), active: Number(row.active) };
}
