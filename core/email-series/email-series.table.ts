/** One step of a series: when it goes (days after enrolment) and what it says, in each language. */
export interface EmailSeriesStepTable {
  id: string;
  /** The series it belongs to, e.g. `welcome`. */
  series: string;
  /** Its place in the series (1, 2, …). */
  position: number;
  /** Days after enrolment it is sent. */
  day_offset: number;
  /** 0: switched off by staff (not sent; a donor waiting for it gets nothing for this step). */
  enabled: number;
  /** 1: not sent to a donor who has given again since they were enrolled. */
  stops_on_second_gift: number;
  subject_en: string;
  /** Sanitised editor HTML (the newsletter editor's rules). */
  content_en: string;
  /** Empty: the English text is sent to Amharic donors too. */
  subject_am: string;
  content_am: string;
  updated_at: string;
}

/** An address in a series: once per series, ever. */
export interface EmailSeriesEnrolmentTable {
  id: string;
  series: string;
  email: string;
  /** The address lower-cased: one enrolment per address and series. */
  email_key: string;
  /** 'en' | 'am': the language its e-mails are written in. */
  locale: string;
  enrolled_at: string;
  /** When the donor gave again after enrolling (steps that say so are not sent). */
  second_gift_at: string | null;
  /** When it was stopped (nothing more is sent), and why: `unsubscribed` or `erased`. */
  stopped_at: string | null;
  stop_reason: string | null;
}

/** A step's outcome for one enrolment, written in the transaction that queues its e-mail: never twice. */
export interface EmailSeriesSendTable {
  enrolment_id: string;
  step_id: string;
  /** `queued` (its e-mail is in the outbox) or `skipped` (switched off, stopped, given again). */
  outcome: string;
  at: string;
}
