import type { Generated } from "kysely";
import type { Locale } from "../i18n/locale.ts";
import type { SubscriberStatus } from "./subscribers.constants.ts";

export interface SubscriberTable {
  id: string;
  email: string;
  created_at: string;
  /** Defaults to confirmed: rows written before consent existed (and old seeds) had agreed. */
  status: Generated<SubscriberStatus>;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  source: string | null;
  /**
   * The language newsletters are sent in: the page's they last subscribed from; 'en' for imported
   * addresses and those known before it was kept (docs/decisions/0884).
   */
  locale: Generated<Locale>;
  /** Where the visitor first came from (docs/decisions/0800-attribution.md); null: not known. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  referrer_host: string | null;
  /** The page the visit first landed on (docs/decisions/0800-attribution.md); null: not known. */
  landing_path: string | null;
}

/** One CSV import (a job's work): how far it got. */
export interface SubscriberImportTable {
  id: string;
  /** Where the addresses come from, as staff typed it. */
  source: string;
  csv_length: number;
  created_at: string;
  /** The e-mail of the staff member who started it. */
  created_by: string;
  /** Records read so far (the header not counted), and the characters they span. */
  rows_done: Generated<number>;
  chars_done: Generated<number>;
  added: Generated<number>;
  confirmed: Generated<number>;
  already_known: Generated<number>;
  invalid_count: Generated<number>;
  /** JSON list of the first problems: line, value, message. */
  invalid_shown: Generated<string>;
  finished_at: string | null;
}

/**
 * An import's file until the import is done. A row of its own, not a column of the import's: SQLite
 * rewrites a whole row on every update, and each batch updates the import's counts.
 */
export interface SubscriberImportFileTable {
  import_id: string;
  csv: string;
}
