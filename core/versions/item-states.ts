import { z } from "zod";
import type { AuditValue } from "../audit/audit.ts";
import { ValidationError } from "../shared/errors.ts";
import { zonedLocalToDate } from "../shared/site-time.ts";
import { DOCUMENT_STATES, type ItemState } from "./states.ts";

export type { ItemState } from "./states.ts";

/**
 * The publishing state of a content item (blog post, publication, gallery item, video): the same
 * `draft | scheduled | published` as versioned documents (docs/decisions/0260-versions-and-states.md), kept on the item's own row
 * because that row is what the public reads (docs/decisions/0300-publishing-states.md).
 */

export const STATE_MESSAGES = {
  status: `status must be one of: ${DOCUMENT_STATES.join(", ")}.`,
  publishAtMissing: "Choose the date and time to publish at.",
  publishAtInvalid: "Publish at must be a date and time, e.g. 2026-12-01T09:00.",
  publishAtPast: "Choose a publishing time in the future.",
} as const;

/** A state, or none ("" from an empty form field counts as none). */
const optionalState = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.enum(DOCUMENT_STATES, { error: STATE_MESSAGES.status }).optional(),
);

/** The optional fields every content write accepts besides its own (JSON or multipart text). */
export const StateInputSchema = z.object({
  status: optionalState,
  publishAt: z.string({ error: STATE_MESSAGES.publishAtInvalid }).trim().max(40).optional(),
});

/** A list filter: one state, or every state when absent. */
export const StateFilterSchema = z.object({
  status: optionalState,
});

/**
 * `publishAt` as an instant: an ISO time with a zone, or a wall-clock time without one
 * ('2026-12-01T09:00', as a datetime-local field sends it) read in the organisation's time zone.
 */
export function parsePublishAt(value: string): Date | undefined {
  const zoned = zonedLocalToDate(value);
  if (zoned) return zoned;
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The state a write leads to. A create that names no status publishes at once (spec §7 clients
 * expect that); an update that names none keeps the current state. Scheduling needs a time in
 * the future.
 */
export function resolveState(fields: unknown, current: ItemState | null, now: Date): ItemState {
  const parsed = StateInputSchema.safeParse(fields ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "status");
    throw new ValidationError(issue?.message ?? STATE_MESSAGES.status, { [field]: issue?.message ?? "" });
  }
  const { status, publishAt } = parsed.data;
  const next = status ?? current?.status ?? "published";
  if (next !== "scheduled") return { status: next, publishAt: null };
  if (!publishAt) {
    if (!status && current?.publishAt) return { status: next, publishAt: current.publishAt };
    throw new ValidationError(STATE_MESSAGES.publishAtMissing, { publishAt: STATE_MESSAGES.publishAtMissing });
  }
  const at = parsePublishAt(publishAt);
  if (!at) throw new ValidationError(STATE_MESSAGES.publishAtInvalid, { publishAt: STATE_MESSAGES.publishAtInvalid });
  if (at.getTime() <= now.getTime()) {
    throw new ValidationError(STATE_MESSAGES.publishAtPast, { publishAt: STATE_MESSAGES.publishAtPast });
  }
  return { status: next, publishAt: at.toISOString() };
}

/** The row's columns for a state. */
export const stateColumns = (state: ItemState) => ({ status: state.status, publish_at: state.publishAt });

/** A row's state as the API answers it. */
export const stateOf = (row: { status: string; publish_at: string | null }): ItemState => ({
  status: row.status as ItemState["status"],
  publishAt: row.publish_at,
});

/** What the audit log keeps of a state change: the field name and the new state (a safe value). */
export function stateAudit(
  before: ItemState | null,
  after: ItemState,
): { fields: string[]; values: Record<string, AuditValue> } {
  const changed = !before || before.status !== after.status || before.publishAt !== after.publishAt;
  return changed ? { fields: ["status"], values: { status: after.status } } : { fields: [], values: {} };
}
