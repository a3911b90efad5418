import { z } from "zod/mini";
import { honeypotShape } from "../shared/honeypot.ts";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/text-fields.ts";

// zod/mini: this schema ships in the footer of every public page.
export const EMAIL_REQUIRED_MESSAGE = "Email is required";
export const INVALID_EMAIL_MESSAGE = "Invalid email address";
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
export type SubscribeInput = z.infer<typeof SubscribeSchema>;

export interface Subscriber {
  _id: string;
  email: string;
  createdAt: string;
}
