import type { StaffRole } from "../access/roles.ts";

/**
 * An invitation to the back office (core/staff/staff.service.ts). Open while neither accepted nor
 * revoked; its link is a single-use link whose subject is the invitation's id.
 */
export interface StaffInvitationTable {
  id: string;
  /** Normalised (trimmed, lower-case), as accounts store it. */
  email: string;
  role: StaffRole;
  invited_by: string | null;
  created_at: string;
  /** When the current link was made (the invitation or its last resend). */
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}
