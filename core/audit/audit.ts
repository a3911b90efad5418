import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { insertAuditEntry, keptLabel } from "./audit.repository.ts";

/**
 * The audit log (docs/decisions/0200-staff-roles-and-audit.md): who did what, when, from where. Services
 * call `record` inside the transaction of the write it describes, so the change and its record are
 * stored together or not at all. This module is the only writer of `audit_log` (through `audit.repository.ts`).
 */

/** Who acted: a signed-in staff member (routes build it with `actorOf(request)`), or the system. */
export interface Actor {
  /** The staff account; null when nobody signed in (a failed login for an unknown address). */
  id: string | null;
  email: string;
  ip: string;
}

/** Work done by the site itself (start-up, the job worker, the command line). */
export const SYSTEM_ACTOR: Actor = { id: null, email: "system", ip: "" };

export type AuditAction =
  | "create"
  | "update"
  | "delete"
  | "status"
  | "publish"
  | "unpublish"
  | "login"
  | "login-failed"
  | "logout"
  | "password"
  | "role"
  | "invite"
  | "deactivate"
  | "reactivate"
  | "export"
  | "import"
  | "send"
  | "second-factor"
  | "refused"
  | "retention"
  | "retry";

/** A safe value worth showing in the log: a status, a role, a count. Never free text a person typed. */
export type AuditValue = string | number | boolean | null;

export interface AuditEntry {
  action: AuditAction;
  /** What kind of thing: "blog", "volunteer-application", "staff", "session", … */
  entity: string;
  entityId?: string | null;
  /** Names of the fields the write set or changed. */
  fields?: readonly string[];
  /** A few safe values, e.g. `{ status: "Approved" }` or `{ from: "editor", to: "administrator" }`. */
  values?: Readonly<Record<string, AuditValue>>;
  /**
   * The record's name when the caller knows a better one than its table (a setting's label, "picture
   * 2"). Never a person's name: the log keeps it for 25 months (0889-every-activity-entry-names-its-record.md).
   */
  label?: string;
}

/** What `audit_log.changes` holds. */
export interface AuditChanges {
  fields: string[];
  values: Record<string, AuditValue>;
}

/** Secrets never reach the log, whatever a caller passes. */
const SECRET = /password|token|secret|code|hash|otp|credential|recovery/i;

export function auditChanges(entry: Pick<AuditEntry, "fields" | "values">): AuditChanges {
  const fields = [...new Set(entry.fields ?? [])].filter((field) => !SECRET.test(field)).sort();
  const values: Record<string, AuditValue> = {};
  for (const [key, value] of Object.entries(entry.values ?? {})) {
    if (!SECRET.test(key)) values[key] = typeof value === "string" ? value.slice(0, 200) : value;
  }
  return { fields, values };
}

const noValue = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The names of the fields of `after` whose value differs from `before`, for an update's `fields`.
 * Absent, null and "" are the same (no value), so an optional field sent empty again is no change.
 */
export function fieldsChanged(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([key, value]) => !(noValue(value) && noValue(old[key])) && value !== old[key])
    .map(([key]) => key);
}

export function createAudit({ clock }: { clock: Clock }) {
  return {
    /** Records one staff action. Pass the write's own transaction. */
    async record(trx: Db, actor: Actor, entry: AuditEntry): Promise<void> {
      await insertAuditEntry(trx, {
        id: newId(),
        at: clock().toISOString(),
        actor_id: actor.id,
        actor_email: actor.email.slice(0, 254),
        ip: actor.ip.slice(0, 64),
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId ?? null,
        changes: JSON.stringify(auditChanges(entry)),
        label:
          entry.label?.slice(0, 200) ||
          (entry.entityId ? await keptLabel(trx, entry.entity, entry.entityId) : null) ||
          null,
      });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
