import { z } from "zod";

/** How an image may be shown (docs/decisions/0301-image-consent.md). An image with no record came through the spec's API. */
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

const consentFields = {
  basis: z.enum(CONSENT_BASES, { error: CONSENT_MESSAGES.basis }),
  minor: z.boolean().default(false),
  byGuardian: z.boolean().default(false),
  givenBy: text(200),
  givenOn: date,
  expiresOn: date,
  formReference: text(200),
};
function requireOnFile(input: { basis: ConsentBasis; givenBy?: string; givenOn?: string }, ctx: z.RefinementCtx) {
  if (input.basis !== "on-file") return;
  if (!input.givenBy) ctx.addIssue({ code: "custom", path: ["givenBy"], message: CONSENT_MESSAGES.givenBy });
  if (!input.givenOn) ctx.addIssue({ code: "custom", path: ["givenOn"], message: CONSENT_MESSAGES.givenOn });
}

/** Consent as the dashboard records it for one image, named by its URL. */
export const ConsentInputSchema = z
  .object({
    imageUrl: z.string({ error: CONSENT_MESSAGES.imageUrl }).trim().min(1, CONSENT_MESSAGES.imageUrl).max(2048),
    ...consentFields,
  })
  .superRefine(requireOnFile);

/**
 * Consent sent with an upload or an item write (ours, optional; spec clients send none): the image
 * is the one the same request uploads or keeps. docs/decisions/0470-consent-everywhere.md
 */
export const ConsentFieldsSchema = z.object(consentFields).superRefine(requireOnFile);
export type ConsentFields = z.output<typeof ConsentFieldsSchema>;

/** The consent key of a video: what is shown is the YouTube video (its thumbnail and embed). */
export const videoMediaKey = (youtubeId: string) => `youtube:${youtubeId}`;

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

/**
 * Why an image may not be published, or null when it may. `today` is the calendar date in the
 * organisation's time zone (core/shared/site-time.ts): `expiresOn` is the last day consent holds there.
 */
export function publishRefusal(consent: ImageConsent | undefined, today: string): string | null {
  if (!consent) return null; // not recorded: spec clients' images stay public until staff settle them
  if (consent.basis === "not-yet") return "has no consent yet";
  if (consent.expiresOn && consent.expiresOn < today) return `has consent that ended on ${consent.expiresOn}`;
  if (consent.minor && !(consent.basis === "on-file" && consent.byGuardian)) {
    return "shows a child without consent from a parent or guardian";
  }
  return null;
}

/** An image the dashboard lists: where it is shown, and why it needs attention. */
export interface ConsentAttention {
  imageUrl: string;
  /** "blog" | "publication" | "gallery-item" | "video" | "site-content" */
  entity: string;
  entityId: string;
  title: string;
  /** The item's state (site content: `published` when the public copy shows the picture). */
  status: string;
  /**
   * `not-recorded` (public, no consent recorded), `expiring` (within 30 days), `not-yet` or
   * `minor-without-guardian` (the item may not be published until staff settle it).
   */
  reason: "not-recorded" | "expiring" | "not-yet" | "minor-without-guardian";
  expiresOn: string | null;
}

/** A public picture the dashboard lists because it has no description (docs/decisions/0770-every-picture-described.md). */
export interface UndescribedImage {
  imageUrl: string;
  /** "blog" | "publication" | "gallery-item" | "site-content" */
  entity: string;
  entityId: string;
  title: string;
  /** Where a gallery image is among its item's, from 1; null for an item's one picture. */
  position: number | null;
}
