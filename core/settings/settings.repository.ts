import type { Db } from "../../db/database.ts";

/** A setting's stored JSON, or undefined when nobody has set it. */
export async function findSettingValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function saveSettingValue(db: Db, key: string, json: string, updatedAt: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value: json, updated_at: updatedAt })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: updatedAt }))
    .execute();
}
