import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";
import { honeypotShape, requiredText } from "../shared/text-fields.ts";

// zod/mini: the /contact form and the API share these rules.

/** Spec §5 messages. */
export const CONTACT_MESSAGES = {
  name: "Your name is required",
  email: "A valid email is required",
  message: "Please enter your message",
} as const;

export const ContactMessageSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.name, 120),
  email: requiredText(CONTACT_MESSAGES.email, EMAIL_MAX_LENGTH).check(z.regex(EMAIL_PATTERN, CONTACT_MESSAGES.email)),
  message: requiredText(CONTACT_MESSAGES.message, 5000),
  ...honeypotShape,
});

/** Our rule (spec §4 leaves it open): opening a message marks it read. */
export const MarkReadSchema = z.object({ isRead: z.boolean({ error: "isRead must be true or false" }) });

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}
