import { z } from "zod";
import { listQuerySchema } from "../admin-lists/list-query.ts";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";

/** What a person is called in the list and on their page. */
export interface PersonSummary {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The kinds of record that hold the address ("donation", "subscriber", …). */
  kinds: string[];
  /** The newest record's time. */
  lastSeenAt: string;
}

/** A safe value of a record, as stored (export) and shown (timeline). */
export type RecordValue = string | number | boolean | null;

/** One record of a person in one source. */
export interface PersonRecord {
  kind: string;
  id: string;
  /** When it happened (ISO instant or yyyy-MM-dd). */
  at: string;
  /** A line for the timeline: "Card gift, paid", "Subscribed (confirmed)". */
  title: string;
  /** The back-office screen that shows it. */
  link: string;
  /** Money the person gave with it, counted in the totals (receipts and pledges are not). */
  gift?: { minor: number; currency: string };
  /** Every stored field, by its API name. */
  fields: Record<string, RecordValue>;
}

export interface PersonTotal {
  year: number;
  currency: string;
  minor: number;
}

export interface PersonDetail extends PersonSummary {
  timeline: PersonRecord[];
  totals: PersonTotal[];
}

export const PeopleQuerySchema = listQuerySchema(["recent", "name"], {
  /** A keyset page: the people after this one (an id from the previous page's `next`), in the same order. */
  after: z.uuid({ error: "After must be a person's id." }).optional(),
});

/** An erased address that asked to subscribe again: the one field, never in a URL. */
export const LiftSuppressionSchema = z.object({
  email: z
    .string({ error: "A valid email is required" })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: "A valid email is required" })
    .regex(EMAIL_PATTERN, { error: "A valid email is required" }),
});

export const RectifySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: "Enter the name." })
      .max(200, { error: "Please keep the name under 200 characters." })
      .optional(),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, { error: "A valid email is required" })
      .regex(EMAIL_PATTERN, { error: "A valid email is required" })
      .optional(),
  })
  .refine((value) => value.name !== undefined || value.email !== undefined, {
    error: "Give a new name or e-mail address.",
    path: ["name"],
  });

export const EXPORT_STATUSES = ["queued", "done"] as const;
export interface PersonExportState {
  exportId: string;
  status: (typeof EXPORT_STATUSES)[number];
}

/** What an erasure answers, and what its record keeps (counts and provider references, nothing personal). */
export interface ErasureSummary {
  erasureId: string;
  pseudonym: string;
  /** Records removed or emptied, by kind. */
  erased: Record<string, number>;
  /** Records kept by law, pseudonymised, by kind. */
  keptByLaw: Record<string, number>;
  /** What staff must also delete at the payment providers, which keep their own records. */
  atProviders: Array<{ provider: string; what: string; reference: string }>;
  /** The newsletter address can no longer be subscribed or imported. */
  suppressed: boolean;
}

export const DATA_REQUEST_KINDS = ["export", "erase"] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** "Your data": a visitor asks for a copy of their data or its erasure; a link to the address confirms it. */
export const DataRequestSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: "Please enter a valid email address." })
    .regex(EMAIL_PATTERN, { error: "Please enter a valid email address." }),
  kind: z.enum(DATA_REQUEST_KINDS, { error: "Choose a copy of your data or its erasure." }),
});

export const DataConfirmSchema = z.object({
  token: z.string({ error: "This link is not valid." }).min(1, { error: "This link is not valid." }).max(200),
  kind: z.enum(DATA_REQUEST_KINDS, { error: "This link is not valid." }),
});

/** A person's erasure request, waiting for staff. */
export interface ErasureRequest {
  erasureId: string;
  personId: string;
  email: string;
  requestedAt: string;
}
