import type { Generated } from "kysely";
import type { DeliveryStatus, NewsletterState } from "./newsletters.constants.ts";

export interface NewsletterTable {
  id: string;
  subject: string;
  preview_text: string;
  /** Sanitised editor HTML (the blog editor's rules). */
  content: string;
  /** A picture's URL on this site (root-relative), shown above the content. */
  image_url: string | null;
  button_label: string | null;
  button_url: string | null;
  state: NewsletterState;
  /** 0/1: listed on the public archive once sent. */
  in_archive: number;
  /**
   * The optional Amharic version, sent to subscribers whose language is Amharic (docs/decisions/0884):
   * empty subject and content, none (everyone gets the English). The button's link is the English one's.
   */
  subject_am: Generated<string>;
  preview_text_am: Generated<string>;
  content_am: Generated<string>;
  button_label_am: Generated<string>;
  scheduled_at: string | null;
  /** Counts sends and schedules, so each gets its own job key. */
  send_attempt: Generated<number>;
  /**
   * Set: it goes only to confirmed subscribers who are donors lapsed in this year (gave the year
   * before, not this one; docs/decisions/0792). Null: every confirmed subscriber.
   */
  audience_year: number | null;
  /** How many confirmed subscribers it was frozen for. */
  recipients: number | null;
  send_started_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterDeliveryTable {
  newsletter_id: string;
  subscriber_id: string;
  email: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
}
