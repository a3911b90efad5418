import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import type { attributionColumns } from "../campaigns/attribution.ts";
import { newestFirstAfter } from "../shared/batches.ts";
import type { Availability, VolunteerApplication, VolunteerInterest, VolunteerStatus } from "./volunteers.schema.ts";
import type { VolunteerApplicationTable } from "./volunteers.table.ts";
import type { VolunteersListQuery } from "./volunteers-list.ts";

const present = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function toApplication(row: Omit<VolunteerApplicationTable, AttributionColumn>): VolunteerApplication {
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

/** Where the applicant first came from may be left out (docs/decisions/0800-attribution.md). */
type AttributionColumn = keyof ReturnType<typeof attributionColumns>;

export async function insertApplication(
  db: Db,
  row: Omit<VolunteerApplicationTable, AttributionColumn> & Partial<Pick<VolunteerApplicationTable, AttributionColumn>>,
): Promise<VolunteerApplication> {
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

export async function updateApplicationStatus(
  db: Db,
  ids: string[],
  status: VolunteerStatus,
  at: string,
): Promise<number> {
  // The date starts the retention period (core/personal-data), so it is set whenever staff decide.
  const result = await db
    .updateTable("volunteer_applications")
    .set({ status, status_changed_at: at })
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteApplications(db: Db, ids: string[]): Promise<number> {
  const result = await db.deleteFrom("volunteer_applications").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One page of Admin → Volunteers and how many match (docs/decisions/0610-admin-lists.md). */
export async function pageApplications(
  db: Db,
  query: VolunteersListQuery,
): Promise<{ items: VolunteerApplication[]; total: number }> {
  let filtered = db.selectFrom("volunteer_applications");
  if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
  if (query.q) filtered = filtered.where((eb) => containsText(eb, ["full_name", "email", "interest"], query.q));
  const { rows, total } = await pageOf(filtered, query, (qb) => {
    const all = qb.selectAll();
    if (query.sort === "name") return all.orderBy(sql`lower(full_name)`).orderBy("id");
    const direction = query.sort === "oldest" ? "asc" : "desc";
    return all.orderBy("created_at", direction).orderBy("id", direction);
  });
  return { items: rows.map(toApplication), total };
}
