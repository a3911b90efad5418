import type { Db } from "../../db/database.ts";
import { newestFirstAfter } from "../shared/batches.ts";
import type { Availability, VolunteerApplication, VolunteerInterest, VolunteerStatus } from "./volunteers.schema.ts";
import type { VolunteerApplicationTable } from "./volunteers.table.ts";

const present = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function toApplication(row: VolunteerApplicationTable): VolunteerApplication {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    ...present("age", row.age === null ? null : Number(row.age)),
    interest: row.interest as VolunteerInterest,
    ...present("skillSet", row.skill_set),
    ...present("otherInterestDetail", row.other_interest_detail),
    motivation: row.motivation,
    availability: row.availability as Availability,
    linkedin: row.linkedin ?? "",
    twitter: row.twitter ?? "",
    additionalComments: row.additional_comments ?? "",
    status: row.status as VolunteerStatus,
    createdAt: row.created_at,
  };
}

export async function insertApplication(db: Db, row: VolunteerApplicationTable): Promise<VolunteerApplication> {
  await db.insertInto("volunteer_applications").values(row).execute();
  return toApplication(row);
}

export async function listApplications(db: Db): Promise<VolunteerApplication[]> {
  const rows = await db
    .selectFrom("volunteer_applications")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toApplication);
}

/** One batch of the list in the same order, after `after` (keyset: newest first, then by id). */
export async function applicationsAfter(
  db: Db,
  after: VolunteerApplication | undefined,
  limit: number,
): Promise<VolunteerApplication[]> {
  let query = db.selectFrom("volunteer_applications").selectAll();
  if (after) query = query.where(newestFirstAfter(after));
  const rows = await query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map(toApplication);
}

/** Applications waiting for a decision (the dashboard's figure), counted in the database. */
export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom("volunteer_applications")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "Pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countApplicationsWithIds(db: Db, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom("volunteer_applications")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateApplicationStatus(db: Db, ids: string[], status: VolunteerStatus): Promise<number> {
  const result = await db
    .updateTable("volunteer_applications")
    .set({ status })
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteApplications(db: Db, ids: string[]): Promise<number> {
  const result = await db.deleteFrom("volunteer_applications").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
