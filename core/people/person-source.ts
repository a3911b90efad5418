import type { ExpressionBuilder, RawBuilder } from "kysely";
import type { Db } from "../../db/database.ts";
import type { PersonRecord } from "./people.schema.ts";

/** What an erasure writes instead of a person's name and address on the rows the law keeps. */
export interface ErasureContext {
  /** "Erased supporter 4KQ7-M2XD": the same on every row of this person, so their gifts stay together. */
  pseudonymName: string;
  /** "4kq7-m2xd@erased.invalid": where a kept row needs an address (never deliverable). */
  pseudonymEmail: string;
  now: string;
}

export interface SourceErasure {
  /** Rows deleted or emptied of everything personal. */
  erased: number;
  /** Rows kept by law (gifts, receipts), their name and address replaced by the pseudonym. */
  keptByLaw: number;
  /** References the payment providers keep about the person, for staff to delete there. */
  atProviders?: Array<{ provider: string; what: string; reference: string }>;
}

/**
 * One kind of record that holds a person's e-mail address (docs/decisions/0670-people-ids-and-sources.md).
 * Everything People does with that kind is here, in one file per kind under `sources/`: the rows the
 * search reads, a person's records (timeline and export), correcting a name or address, and erasure.
 * A new kind of personal record is a new source added to `PEOPLE_SOURCES`.
 */
export interface PersonSource {
  kind: string;
  /** The name of this kind's CSV in an export, and its section in the JSON. */
  file: string;
  /**
   * SQL selecting `email_key` (lower-cased), `name`, `phone` and `at` for each row holding an
   * address; absent for a kind whose every address is also in another source (deliveries, sessions).
   */
  searchRows?: RawBuilder<unknown>;
  records(db: Db, key: string): Promise<PersonRecord[]>;
  /** Writes the corrected name and/or address on every row of the person; answers how many rows changed. */
  rectify(trx: Db, key: string, change: { name?: string; email?: string }): Promise<number>;
  erase(trx: Db, key: string, context: ErasureContext): Promise<SourceErasure>;
}

/** Rows whose `column` holds the address `key` (lower-cased), served by the lower(column) indexes. */
export const addressIs = (column: string, key: string) => (eb: ExpressionBuilder<any, any>) =>
  eb(eb.fn("lower", [eb.ref(column)]), "=", key);

/** A stored row's fields by their API names (snake_case to camelCase), for the export and timeline. */
export function fieldsOf(row: object): PersonRecord["fields"] {
  const fields: PersonRecord["fields"] = {};
  for (const [key, value] of Object.entries(row)) {
    fields[key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())] =
      value === undefined ? null : (value as PersonRecord["fields"][string]);
  }
  return fields;
}
