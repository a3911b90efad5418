import { z } from "zod";
import { STAFF_ROLES, type StaffRole } from "../access/roles.ts";
import { NewPasswordSchema } from "../auth/auth.schema.ts";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";

/** How long an invitation link works (docs/decisions/0220-staff-invitations.md). */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;
export const NAME_MAX_LENGTH = 100;

export const INVALID_EMAIL_MESSAGE = "Enter a valid e-mail address.";
export const ROLE_REQUIRED_MESSAGE = "Choose a role.";
export const NAME_REQUIRED_MESSAGE = "Enter your name.";
export const INVITATION_UNUSABLE_MESSAGE =
  "This invitation link has expired or has already been used. Ask an Administrator to send you a new one.";
export const ALREADY_STAFF_MESSAGE = "Someone with this e-mail address already has a staff account.";
export const ALREADY_INVITED_MESSAGE =
  "An invitation to this address is already waiting. Resend or revoke it in the list of invitations.";
export const LAST_ADMINISTRATOR_MESSAGE =
  "This is the last active Administrator. Make someone else an Administrator first.";
export const DEACTIVATE_SELF_MESSAGE =
  "You cannot deactivate your own account. Ask another Administrator if it should end.";
export const STAFF_NOT_FOUND_MESSAGE = "Staff member not found.";
export const INVITATION_NOT_FOUND_MESSAGE = "Invitation not found. It may have been accepted or revoked meanwhile.";

const role = z.enum(STAFF_ROLES, { error: ROLE_REQUIRED_MESSAGE });

export const InviteSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
    .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
  role,
});

export const RoleChangeSchema = z.object({ role });

export const AcceptInvitationSchema = z.object({
  name: z
    .string({ error: NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, NAME_REQUIRED_MESSAGE)
    .max(NAME_MAX_LENGTH, `Please keep your name under ${NAME_MAX_LENGTH} characters.`),
  password: NewPasswordSchema,
});

export type StaffStatus = "active" | "deactivated";

/** One person on the Staff screen. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  createdAt: string;
  /** Their last successful sign-in as the audit log records it; null if never. */
  lastSignInAt: string | null;
}

/** An invitation not yet accepted or revoked; `expired` ones can be resent. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: StaffRole;
  /** The inviting Administrator's e-mail, while that account exists. */
  invitedBy: string | null;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

/** GET /api/admin/staff */
export interface StaffOverview {
  staff: StaffMember[];
  invitations: PendingInvitation[];
  /** Whether invitations go out by e-mail; without SMTP the Administrator passes the link on. */
  emailEnabled: boolean;
}

/** The answer to an invitation or a resend. */
export interface InvitationSent {
  invitation: PendingInvitation;
  /** Whether the link was e-mailed to the invitee. */
  emailed: boolean;
  /** The link itself, only when the site cannot send e-mail: the Administrator passes it on. */
  link?: string;
}

/** What the accept page shows before the invitee sets a name and password. */
export interface InvitationDetails {
  email: string;
  role: StaffRole;
}
