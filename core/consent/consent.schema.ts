import { z } from "zod";

/** How an image may be shown (issue #14). An image with no record came through the spec's API. */
export const CONSENT_BASES = ["no-identifiable-people", "on-file", "not-yet"] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];

export const CONSENT_LABELS: Record<ConsentBasis, string> = {
  "no-identifiable-people": "No identifiable people",
  "on-file": "Consent on file",
  "not-yet": "Not yet",
};

export const CONSENT_MESSAGES = {
  imageUrl: "Name the image (its URL).",
  basis: `basis must be one of: ${CONSENT_BASES.join(", ")}.`,
  givenBy: "Who gave consent is required when it is on file.",
  givenOn: "The date consent was given is required when it is on file.",
  date: "Use a date like 2026-03-01.",
  minorWithoutConsent: "A child can be identified: consent on file is required.",
  notFound: "This image is not used by any blog post, publication or gallery item.",
} as const;

const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, CONSENT_MESSAGES.date)
  .optional()
  .or(z.literal("").transform(() => undefined));
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

export const ConsentInputSchema = z
  .object({
    imageUrl: z.string({ error: CONSENT_MESSAGES.imageUrl }).trim().min(1, CONSENT_MESSAGES.imageUrl).max(2048),
    basis: z.enum(CONSENT_BASES, { error: CONSENT_MESSAGES.basis }),
    minor: z.boolean().default(false),
    byGuardian: z.boolean().default(false),
    givenBy: text(200),
    givenOn: date,
    expiresOn: date,
    formReference: text(200),
  })
  .superRefine((input, ctx) => {
    if (input.basis !== "on-file") return;
    if (!input.givenBy) ctx.addIssue({ code: "custom", path: ["givenBy"], message: CONSENT_MESSAGES.givenBy });
    if (!input.givenOn) ctx.addIssue({ code: "custom", path: ["givenOn"], message: CONSENT_MESSAGES.givenOn });
  });
export type ConsentInput = z.output<typeof ConsentInputSchema>;

export interface ImageConsent {
  imageUrl: string;
  basis: ConsentBasis;
  minor: boolean;
  byGuardian: boolean;
  givenBy: string | null;
  givenOn: string | null;
  expiresOn: string | null;
  formReference: string | null;
  recordedAt: string;
  recordedBy: string;
}

/** Why an image may not be published, or null when it may. */
export function publishRefusal(consent: ImageConsent | undefined): string | null {
  if (!consent) return null; // not recorded: spec clients' images stay public until staff settle them
  if (consent.basis === "not-yet") return "has no consent yet";
  if (consent.minor && !(consent.basis === "on-file" && consent.byGuardian)) {
    return "shows a child without consent from a parent or guardian";
  }
  return null;
}

/** An image the dashboard lists: where it is shown, and why it needs attention. */
export interface ConsentAttention {
  imageUrl: string;
  /** "blog" | "publication" | "gallery-item" */
  entity: string;
  entityId: string;
  title: string;
  /** `not-recorded` (public, no consent recorded) or `expiring` (within 30 days). */
  reason: "not-recorded" | "expiring";
  expiresOn: string | null;
}
