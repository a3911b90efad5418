import type { Db } from "../../db/database.ts";
import type { CampaignTable } from "./campaigns.table.ts";

export async function insertCampaign(db: Db, row: CampaignTable): Promise<void> {
  await db.insertInto("campaigns").values(row).execute();
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom("campaigns").select("id").where("slug", "=", slug).executeTakeFirst());
}

export async function listCampaigns(db: Db): Promise<CampaignTable[]> {
  return db.selectFrom("campaigns").selectAll().orderBy("starts_on", "desc").orderBy("created_at", "desc").execute();
}

export async function findCampaign(db: Db, id: string): Promise<CampaignTable | undefined> {
  return db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findCampaignBySlug(db: Db, slug: string): Promise<CampaignTable | undefined> {
  return db.selectFrom("campaigns").selectAll().where("slug", "=", slug.toLowerCase()).executeTakeFirst();
}
