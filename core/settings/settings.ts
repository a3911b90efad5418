import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit, AuditValue } from "../audit/audit.ts";
import type { Clock } from "../shared/clock.ts";
import { parseInput } from "../shared/validation.ts";
import { findSettingValue, saveSettingValue } from "./settings.repository.ts";

/**
 * Site settings an Administrator changes in the back office, kept as key → JSON value. Each setting
 * is declared once with `defineSetting` (its key, its name as staff read it in the activity log,
 * its schema and the value it has until someone sets it), and read and written only through that declaration, so a stored value is always typed.
 */
export interface Setting<T> {
  key: string;
  label: string;
  schema: z.ZodType<T>;
  fallback: T;
}

export const defineSetting = <T>(key: string, label: string, schema: z.ZodType<T>, fallback: T): Setting<T> => ({
  key,
  label,
  schema,
  fallback,
});

const isAuditValue = (value: unknown): value is AuditValue =>
  value === null || ["string", "number", "boolean"].includes(typeof value);

export interface SettingsDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
}

export function createSettings({ db, clock, audit }: SettingsDeps) {
  async function get<T>(setting: Setting<T>, trx: Db = db): Promise<T> {
    const stored = await findSettingValue(trx, setting.key);
    if (stored === undefined) return setting.fallback;
    // A value an older release stored in another shape reads as the default rather than breaking pages.
    const parsed = setting.schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : setting.fallback;
  }

  return {
    get,

    /**
     * Stores a new value and records who changed it, in one transaction, with whatever else the
     * change must do at the same moment (`alongside`).
     */
    async set<T>(
      setting: Setting<T>,
      input: unknown,
      actor: Actor,
      alongside?: (trx: Db, value: T) => Promise<void>,
    ): Promise<T> {
      const value = parseInput(setting.schema, input);
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await saveSettingValue(trx, setting.key, JSON.stringify(value), now);
        await audit.record(trx, actor, {
          action: "update",
          entity: "setting",
          entityId: setting.key,
          label: setting.label,
          fields: ["value"],
          values: isAuditValue(value) ? { value } : {},
        });
        await alongside?.(trx, value);
      });
      return value;
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
