import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";
import { honeypotShape } from "../shared/text-fields.ts";
import { EMAIL_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE } from "./newsletter-email.ts";

export { EMAIL_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE };

// The footer form checks the same rules without zod (newsletter-email.ts).
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
