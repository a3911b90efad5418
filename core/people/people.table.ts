import type { Generated } from "kysely";

/** One person: an e-mail address (lower-cased) and the opaque id staff screens and URLs use instead. */
export interface PersonTable {
  /** A random UUID, made the first time the address is listed (docs/decisions/0670-people-ids-and-sources.md). */
  id: string;
  email_key: string;
  created_at: string;
  /**
   * The list's columns, kept in step with the sources (docs/decisions/0810-people-list-maintained.md):
   * the newest name and phone given, the kinds of record, how many, the newest date, and the
   * lower-cased text a search matches (the address, every name and phone given).
   */
  name: string | null;
  phone: string | null;
  sort_name: Generated<string>;
  kinds: Generated<string>;
  /** 0: nothing held any more, kept only while an export or erasure request names the id. */
  records: Generated<number>;
  last_at: Generated<string>;
  search: Generated<string>;
}

/** An address whose rows changed since its `people` row was last brought up to date (written by triggers). */
export interface PersonChangeTable {
  email_key: string;
  /** Raised by each change, so a refresh clears only the mark it saw. */
  version: number;
}

/** An erased address, kept only as a SHA-256 hash, so it cannot be subscribed or imported again. */
export interface SuppressedAddressTable {
  hash: string;
  created_at: string;
}

/** A person's export: made by a job, downloaded by staff or e-mailed. */
export interface PersonExportTable {
  id: string;
  person_id: string;
  /** queued | done */
  status: string;
  /** The ZIP, base64, once made. */
  zip: string | null;
  /** 1: asked by the person through the e-mailed link: the ZIP is e-mailed to them, then forgotten. */
  mail_to_person: Generated<number>;
  created_at: string;
  finished_at: string | null;
}

/** An erasure: the address it is for is kept only until it is done, in the same transaction. */
export interface ErasureTable {
  id: string;
  person_id: string;
  email_key: string | null;
  /** "Erased supporter" rows of this person carry it, so their gifts still belong together. */
  pseudonym: string;
  /** requested (by the person, waiting for staff) | pending | done */
  status: string;
  /** JSON ErasureSummary: counts of what was erased and kept, and the provider references to delete there. */
  summary: string | null;
  /** 1: the person asked through the e-mailed link and hears the outcome by e-mail. */
  notify: Generated<number>;
  /** The language of the page the person asked from, for the outcome e-mail. */
  locale: string | null;
  created_at: string;
  created_by: string;
  finished_at: string | null;
}
