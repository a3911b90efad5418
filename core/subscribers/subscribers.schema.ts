import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";
import { honeypotShape } from "../shared/text-fields.ts";
import { EMAIL_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE } from "./email-address-rules.ts";
import type { SubscriberStatus } from "./subscribers.constants.ts";

export { EMAIL_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE };

// The footer form checks the same rules without zod (email-address-rules.ts).
export const ALREADY_SUBSCRIBED_MESSAGE = "This email is already subscribed. Thank you for your support!";

export const SubscribeSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, EMAIL_REQUIRED_MESSAGE),
      z.regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
      z.maxLength(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE),
    ),
  ...honeypotShape,
});

/** Spec §3's subscriber; the consent fields after createdAt are ours. */
export interface Subscriber {
  _id: string;
  email: string;
  createdAt: string;
  status: SubscriberStatus;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** Where the consent came from: "Website form", or an import's note. */
  source: string | null;
}

/** A link's secret, as the confirm and unsubscribe pages send it. */
export const LinkTokenSchema = z.object({
  token: z
    .string({ error: "The link is incomplete." })
    .check(z.minLength(1, "The link is incomplete."), z.maxLength(200)),
});

export const IMPORT_MAX_CHARS = 5_000_000;

/** A CSV of existing subscribers: `email` and, for those who consented, a `consent` column saying so. */
export const SubscriberImportSchema = z.object({
  csv: z
    .string({ error: "Choose a CSV file." })
    .check(
      z.minLength(1, "Choose a CSV file."),
      z.maxLength(IMPORT_MAX_CHARS, "The file is too large (5 MB at most)."),
    ),
  source: z
    .string({ error: "Say where these addresses come from." })
    .check(
      z.trim(),
      z.minLength(1, "Say where these addresses come from."),
      z.maxLength(200, "Keep the note under 200 characters."),
    ),
});

/** What the Subscribers screen shows of an import while it runs and when it is done. */
export interface ImportStatus {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  rowsRead: number;
  percent: number;
  added: number;
  confirmed: number;
  pending: number;
  alreadyKnown: number;
  invalid: { count: number; shown: Array<{ line: number; value: string; message: string }> };
}
