import { z } from "zod";
import type { AuditValue } from "./audit.ts";

/** What the Activity screen (Administrators) and its API show and filter (docs/decisions/0200-staff-roles-and-audit.md). */

export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE_SIZE = 200;

/** The actions a person can filter by, in the words the screen uses. */
export const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  status: "Status changed",
  publish: "Published",
  unpublish: "Unpublished",
  export: "Exported",
  login: "Signed in",
  "login-failed": "Failed sign-in",
  logout: "Signed out",
  password: "Password",
  role: "Role changed",
  invite: "Invited",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
  "second-factor": "Second factor",
  retention: "Retention",
  refused: "Refused",
};

/** How each kind of record is named in a sentence; the keys are the audit log's entity names. */
export const ENTITY_NOUNS: Record<string, string> = {
  blog: "blog post",
  publication: "publication",
  "gallery-item": "gallery item",
  video: "video",
  "volunteer-application": "volunteer application",
  message: "message",
  subscriber: "subscriber",
  newsletter: "newsletter",
  donation: "donation",
  session: "session",
  staff: "staff member",
  "staff-invitation": "invitation",
  activity: "activity log",
  "site-content": "site content",
  "site-content-image": "site picture",
  "offline-gift": "offline gift",
  pledge: "transfer notice",
  receipt: "receipt",
  "year-statements": "year-end statements",
  retention: "retention rule",
  suppression: "newsletter suppression",
  campaign: "campaign",
  "email-series-step": "welcome e-mail",
  breach: "data breach",
  setting: "setting",
  person: "person",
  "newsletter-image": "newsletter picture",
  "image-consent": "picture",
  "donor-wall": "donor wall entry",
};

export const entityNoun = (entity: string) => ENTITY_NOUNS[entity] ?? entity.replace(/-/g, " ");

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || (DAY.test(value) && !Number.isNaN(Date.parse(value))), message);
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => value || undefined);

/** The filters, as the screen keeps them in its URL and sends them to the API. */
export const ActivityQuerySchema = z
  .object({
    /** A staff account id. */
    person: optionalText,
    action: optionalText,
    entity: optionalText,
    /** First and last day (UTC), both included. */
    from: day("from must be a date (YYYY-MM-DD)."),
    to: day("to must be a date (YYYY-MM-DD)."),
    /** From the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number({ error: "limit must be a whole number." })
      .int("limit must be a whole number.")
      .min(1, "limit must be at least 1.")
      .max(MAX_ACTIVITY_PAGE_SIZE, `limit must be at most ${MAX_ACTIVITY_PAGE_SIZE}.`)
      .default(ACTIVITY_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to.", path: ["to"] });
export interface ActivityFilters {
  person?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface ActivityEntry {
  id: string;
  at: string;
  /** The staff account, or null (the site itself, or a sign-in for an unknown address). */
  personId: string | null;
  /** The person's name as staff know it, else the e-mail recorded at the time. */
  person: string;
  email: string;
  ip: string;
  action: string;
  entity: string;
  entityId: string | null;
  fields: string[];
  values: Record<string, AuditValue>;
  /** The whole entry as one sentence: "Meron changed the status of volunteer application “Selam” to Accepted." */
  summary: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface ActivityPerson {
  id: string;
  name: string;
  email: string;
}
