export interface StaffNotificationTable {
  id: string;
  subject: string;
  body: string;
  reply_to: string | null;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}
