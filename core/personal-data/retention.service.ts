import { subDays } from "date-fns/subDays";
import { subMonths } from "date-fns/subMonths";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { ADMIN_SCREENS } from "../access/admin-screens.ts";
import { ROLE_LABELS } from "../access/roles.ts";
import { type Actor, type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import { defineSetting, type Settings } from "../settings/settings.ts";
import { yieldToEventLoop } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { parseInput } from "../shared/validation.ts";
import {
  BASIS_LABELS,
  PERSONAL_DATA_KINDS,
  type PersonalDataKind,
  type RetentionRule,
  retentionSentence,
  STORAGE_LABELS,
} from "./personal-data.registry.ts";
import { type Cutoff, countDue, removeBatch, stepCount } from "./personal-data.repository.ts";

export const RETENTION_JOB = "personal-data.retention";
export const RETENTION_EVERY_MS = 24 * 60 * 60_000;
/** Rows per transaction: small enough that neither database holds a lock for long. */
const BATCH = 500;

const ruled = PERSONAL_DATA_KINDS.filter(
  (kind): kind is PersonalDataKind & { retention: { rule: RetentionRule } } => "rule" in kind.retention,
);

const periodSchema = (kind: PersonalDataKind & { retention: { rule: RetentionRule } }) => {
  const { min, max, unit } = kind.retention.rule;
  const message = `${kind.label.en}: a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** The periods an Administrator set; a kind left out keeps its default. */
const PeriodsSchema = z.object(Object.fromEntries(ruled.map((kind) => [kind.id, periodSchema(kind).optional()])));

export const RETENTION_PERIODS = defineSetting<Record<string, number | undefined>>(
  "privacy.retentionPeriods",
  "how long personal data is kept",
  PeriodsSchema,
  {},
);

const UpdateSchema = z.object({ periods: z.record(z.string(), z.unknown()) }, { error: "periods is required" });

/** One rule as Admin → Privacy shows it, with what the next run would remove. */
export interface RetentionRow {
  id: string;
  label: string;
  unit: "days" | "months";
  period: number;
  default: number;
  min: number;
  max: number;
  rule: string;
  action: "delete" | "anonymise";
  due: number;
}

/** One kind of personal data as the records of processing list it. */
export interface ProcessingRecord {
  id: string;
  label: string;
  holds: string;
  purpose: string;
  basis: string;
  storedIn: string[];
  roles: string[];
  retention: string;
  sensitive: boolean;
}

/** Who may see a kind: Administrators, and the roles of every screen that shows it (core/access). */
export function rolesOf(kind: PersonalDataKind): string[] {
  if (kind.screens.length === 0) return [];
  const roles = new Set<string>([ROLE_LABELS.administrator]);
  for (const path of kind.screens) {
    for (const role of ADMIN_SCREENS.find((screen) => screen.path === path)?.roles ?? []) roles.add(ROLE_LABELS[role]);
  }
  return [...roles];
}

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  settings: Settings;
  /** The privacy page states the periods. */
  purgePublicCaches: PurgePublicCaches;
  /** Runs in each batch's transaction after its rows went: the People list's rows follow them (decision 0810). */
  afterBatch?: (trx: Db) => Promise<void>;
}

export function createRetention({ db, clock, audit, settings, purgePublicCaches, afterBatch }: RetentionDeps) {
  async function periods(): Promise<Record<string, number>> {
    const stored = await settings.get(RETENTION_PERIODS);
    return Object.fromEntries(ruled.map((kind) => [kind.id, stored[kind.id] ?? kind.retention.rule.default]));
  }

  const cutoffOf = (rule: RetentionRule, period: number, now: Date): Cutoff => {
    const at = rule.unit === "days" ? subDays(now, period) : subMonths(now, period);
    return { at: at.toISOString(), day: at.toISOString().slice(0, 10) };
  };

  async function preview(): Promise<RetentionRow[]> {
    const current = await periods();
    const now = clock();
    const rows: RetentionRow[] = [];
    for (const kind of ruled) {
      const { rule } = kind.retention;
      const period = current[kind.id] as number;
      rows.push({
        id: kind.id,
        label: kind.label.en,
        unit: rule.unit,
        period,
        default: rule.default,
        min: rule.min,
        max: rule.max,
        rule: retentionSentence(kind, period, "en"),
        action: rule.action,
        due: await countDue(db, kind.id, cutoffOf(rule, period, now)),
      });
    }
    return rows;
  }

  /**
   * Applies every rule, a batch per transaction with its audit entry (how many, never which), so a
   * run cut short has recorded exactly what it removed and the next run goes on from there.
   */
  async function run(signal?: AbortSignal): Promise<Record<string, number>> {
    const current = await periods();
    const now = clock();
    const removed: Record<string, number> = {};
    for (const kind of ruled) {
      const { rule } = kind.retention;
      const cutoff = cutoffOf(rule, current[kind.id] as number, now);
      let total = 0;
      for (let step = 0; step < stepCount(kind.id); step++) {
        for (;;) {
          signal?.throwIfAborted();
          const n = await db.transaction().execute(async (trx) => {
            const count = await removeBatch(trx, kind.id, step, cutoff, BATCH);
            if (count > 0) {
              await afterBatch?.(trx);
              await audit.record(trx, SYSTEM_ACTOR, {
                action: "retention",
                entity: "retention",
                entityId: kind.id,
                values: { removed: count, kind: kind.label.en, how: rule.action },
              });
            }
            return count;
          });
          total += n;
          await yieldToEventLoop();
          if (n < BATCH) break;
        }
      }
      removed[kind.id] = total;
    }
    return removed;
  }

  async function records(): Promise<ProcessingRecord[]> {
    const current = await periods();
    return PERSONAL_DATA_KINDS.map((kind) => ({
      id: kind.id,
      label: kind.label.en,
      holds: kind.holds.en,
      purpose: kind.purpose.en,
      basis: BASIS_LABELS[kind.basis].en,
      storedIn: kind.storedIn.map((place) => STORAGE_LABELS[place].en),
      roles: rolesOf(kind),
      retention: retentionSentence(kind, current[kind.id], "en"),
      sensitive: kind.sensitive ?? false,
    }));
  }

  return {
    periods,
    preview,
    run,
    records,

    /** Stores new periods (each within its rule's bounds) and answers the preview they lead to. */
    async update(input: unknown, actor: Actor): Promise<RetentionRow[]> {
      const { periods: changed } = parseInput(UpdateSchema, input);
      await settings.set(RETENTION_PERIODS, { ...(await settings.get(RETENTION_PERIODS)), ...changed }, actor);
      await purgePublicCaches();
      return preview();
    },

    /** The daily run: at every start and once a day, once across instances. */
    job: {
      type: RETENTION_JOB,
      everyMs: RETENTION_EVERY_MS,
      maxAttempts: 3,
      async handle(_payload, job) {
        await job.progress({ removed: await run(job.signal) });
      },
    } satisfies JobDefinition<null>,
  };
}
