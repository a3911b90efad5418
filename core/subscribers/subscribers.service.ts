import type { Readable } from "node:stream";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { attributionColumns, attributionOfInput } from "../campaigns/attribution.ts";
import type { EmailService } from "../email/email.service.ts";
import type { Locale } from "../i18n/locale.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import type { SuppressionList } from "../people/suppression.ts";
import { keysetBatches, yieldToEventLoop } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, csvRecords, csvStream } from "../shared/csv.ts";
import { ConflictError, GoneError, NotFoundError, ValidationError } from "../shared/errors.ts";
import { isBotSubmission } from "../shared/honeypot.ts";
import { IdListSchema, unknownIdsMessage } from "../shared/id-list.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import type { SingleUseLinks } from "../single-use-links/single-use-links.ts";
import { CONFIRMATION_LINKS, confirmationMail } from "./confirmation-email.ts";
import {
  CONFIRM_LINK_ENDED_MESSAGE,
  STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
} from "./subscribers.constants.ts";
import * as repo from "./subscribers.repository.ts";
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  type ImportStatus,
  LinkTokenSchema,
  type Subscriber,
  SubscriberImportSchema,
  SubscribeSchema,
} from "./subscribers.schema.ts";
import {
  type ImportProblem,
  type ImportRow,
  importColumns,
  PROBLEMS_SHOWN,
  readImportRow,
} from "./subscribers-import.ts";
import { newsletterLinks, unsubscribeTokens } from "./unsubscribe-token.ts";

const CSV_COLUMNS: CsvColumn<Subscriber>[] = [
  { header: "Email", value: (s) => s.email },
  { header: "Subscribed at (UTC)", value: (s) => s.createdAt },
  { header: "Status", value: (s) => STATUS_LABELS[s.status] },
  { header: "Confirmed at (UTC)", value: (s) => s.confirmedAt },
  { header: "Unsubscribed at (UTC)", value: (s) => s.unsubscribedAt },
  { header: "Source", value: (s) => s.source },
];

/** Rows read per query while writing the CSV. */
const EXPORT_BATCH = 1000;

/** How the audit log names a newsletter subscriber. */
export const SUBSCRIBER_AUDIT_ENTITY = "subscriber";
export const WEBSITE_SOURCE = "Website form";
export const IMPORT_JOB = "subscribers.import";
const importKey = (id: string) => `subscriber-import:${id}`;
/**
 * Records read, checked and saved together. On SQLite each step of a batch holds the event loop (the
 * commit's flush to disk the longest), so a request that arrives meanwhile waits for the rest of the
 * step: the loop gets a turn after the lookups, before the commit and after it. 25 records keep the
 * server's p99 within twice idle on a quiet machine, where 100 made it 8× (docs/decisions/0614-import-jobs.md).
 */
const IMPORT_BATCH = 25;
/** The job's own record of how far it got (the jobs screen's), every this many records: a write of its own each time. */
const PROGRESS_EVERY = 1_000;

export interface SubscribersDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  email: EmailService;
  jobs: JobQueue;
  /** SESSION_SECRET, which signs unsubscribe links. */
  tokenSecret: string;
  links: SingleUseLinks;
  siteUrl: string;
  /** Addresses an erasure took off the list: never added again (core/people). */
  suppressed: SuppressionList;
}

/**
 * Newsletter subscribers and their consent (docs/decisions/0340-newsletter-consent.md): double opt-in
 * when the site can send e-mail, one-click unsubscribe, unsubscribed addresses kept so nothing mails
 * them again until they subscribe again.
 */
export function createSubscribersService(deps: SubscribersDeps) {
  const { db, clock, audit, email, jobs, tokenSecret, siteUrl } = deps;
  const singleUse = deps.links;
  const links = newsletterLinks(siteUrl);
  const unsubscribe = unsubscribeTokens(tokenSecret);
  const nowIso = () => clock().toISOString();

  /** Gives the address a fresh confirmation link and queues the e-mail, in the caller's transaction. */
  async function sendConfirmation(
    trx: Db,
    subscriber: { id: string; email: string },
    locale: Locale = "en",
  ): Promise<void> {
    await singleUse.send(trx, CONFIRMATION_LINKS, {
      subject: subscriber.id,
      to: subscriber.email,
      mail: ({ token }) => confirmationMail(links.confirm(token, locale), locale),
    });
  }

  const confirmedNow = () => ({
    status: "confirmed" as const,
    confirmed_at: nowIso(),
    unsubscribed_at: null,
  });

  /**
   * A pending or unsubscribed address asks again: a new link, or (without e-mail) confirmed at once.
   * Newsletters now go to it in the language of the page it asked from (docs/decisions/0884).
   */
  async function subscribeAgain(existing: Subscriber, locale: Locale): Promise<void> {
    if (existing.status === "pending" && email.enabled) {
      if (!(await singleUse.mayIssue(db, CONFIRMATION_LINKS, existing._id))) return;
    }
    await db.transaction().execute(async (trx) => {
      if (!email.enabled) {
        await repo.updateSubscriber(trx, existing._id, { ...confirmedNow(), source: WEBSITE_SOURCE, locale });
        return;
      }
      await repo.updateSubscriber(trx, existing._id, {
        status: "pending",
        unsubscribed_at: null,
        source: WEBSITE_SOURCE,
        locale,
      });
      await sendConfirmation(trx, { id: existing._id, email: existing.email }, locale);
    });
    email.wake();
  }

  async function subscriberOfLink(token: string): Promise<Subscriber> {
    const id = unsubscribe.read(token);
    const subscriber = id && (await repo.findSubscriberById(db, id));
    if (!subscriber) throw new GoneError(UNSUBSCRIBE_LINK_INVALID_MESSAGE);
    return subscriber;
  }

  /**
   * Reads an import's file a batch of records at a time, giving the event loop a turn between batches.
   * Each batch's new addresses and the counts so far are saved in one transaction, so a run that
   * stopped (a restart) goes on after the last saved batch: addresses of the file that appear again
   * count once, as their first line says, and an address the list already had is left as it is.
   */
  const importJob: JobDefinition<{ id: string }> = {
    type: IMPORT_JOB,
    maxAttempts: 5,
    async handle({ id }, job) {
      const saved = await repo.findImport(db, id);
      if (!saved || saved.finished_at || saved.csv === null) return;
      const csv = saved.csv;
      const columns = importColumns(csv);
      const counts = {
        rows_done: Number(saved.rows_done),
        added: Number(saved.added),
        confirmed: Number(saved.confirmed),
        already_known: Number(saved.already_known),
        invalid_count: Number(saved.invalid_count),
      };
      const shown = JSON.parse(saved.invalid_shown) as ImportProblem[];
      /** Addresses met earlier in the file (rebuilt from the saved part on a resumed run). */
      const seen = new Set<string>();
      let index = 0;
      let batch: ImportRow[] = [];
      let batchEnd = columns.bodyStart;

      const save = async (finished: boolean) => {
        const addresses = batch.map((row) => row.email);
        // An erased address counts as already known: it is not added back.
        const known = new Set([
          ...(await repo.existingEmails(db, addresses)),
          ...(await deps.suppressed.among(addresses)),
        ]);
        const fresh = batch.filter((row) => !known.has(row.email));
        await yieldToEventLoop();
        await db.transaction().execute(async (trx) => {
          const now = nowIso();
          const rows = fresh.map((row) => ({
            id: newId(),
            email: row.email,
            created_at: row.subscribedAt ?? now,
            status: row.consented ? ("confirmed" as const) : ("pending" as const),
            confirmed_at: row.consented ? now : null,
            unsubscribed_at: null,
            source: `Import: ${saved.source}`,
          }));
          if (rows.length > 0) await repo.insertSubscribers(trx, rows);
          if (email.enabled) {
            for (const row of rows) if (row.status === "pending") await sendConfirmation(trx, row);
          }
          counts.added += rows.length;
          counts.confirmed += rows.filter((row) => row.status === "confirmed").length;
          counts.already_known += batch.length - fresh.length;
          counts.rows_done = index;
          await repo.updateImport(trx, id, {
            ...counts,
            chars_done: batchEnd,
            invalid_shown: JSON.stringify(shown),
            ...(finished ? { finished_at: now } : {}),
          });
          if (finished) await repo.deleteImportFile(trx, id);
          // Other requests' statements wait for the commit, but requests that need no database go on.
          await yieldToEventLoop();
        });
        batch = [];
        if (finished || index % PROGRESS_EVERY === 0) await job.progress({ rows: index });
        email.wake();
        await yieldToEventLoop();
      };

      for (const record of csvRecords(csv, columns.bodyStart)) {
        index++;
        const read = readImportRow(record.cells, columns);
        if ("problem" in read) {
          if (index <= counts.rows_done) continue;
          counts.invalid_count++;
          if (shown.length < PROBLEMS_SHOWN) shown.push({ line: index + 1, ...read.problem });
        } else if (!seen.has(read.row.email)) {
          seen.add(read.row.email);
          if (index > counts.rows_done) batch.push(read.row);
        }
        batchEnd = record.end;
        if (index > counts.rows_done && index % IMPORT_BATCH === 0) await save(false);
        else if (index % IMPORT_BATCH === 0) await yieldToEventLoop();
      }
      await save(true);
    },
  };

  return {
    importJob,
    /** Whether new addresses wait for their confirmation link (the site can send e-mail). */
    doubleOptIn: email.enabled,
    unsubscribeToken: unsubscribe.make,
    links,

    /**
     * Spec §7 POST /api/subscribe. A new address is pending with a confirmation e-mail queued (or
     * confirmed at once when the site cannot send e-mail); a confirmed one is a ConflictError (409).
     * The e-mail and its link are in `locale`, the language of the page the address was given on,
     * and so are the newsletters it is sent (docs/decisions/0884).
     */
    async subscribe(input: unknown, locale: Locale = "en"): Promise<void> {
      const data = parseInput(SubscribeSchema, input);
      if (isBotSubmission(data)) return;
      // An erased address is answered like any sign-up, and not stored (the answer reveals nothing).
      if ((await deps.suppressed.among([data.email])).size > 0) return;
      const existing = await repo.findSubscriberByEmail(db, data.email);
      if (existing?.status === "confirmed") throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
      if (existing) return subscribeAgain(existing, locale);
      const id = newId();
      try {
        await db.transaction().execute(async (trx) => {
          const now = nowIso();
          await repo.insertSubscriber(trx, {
            id,
            email: data.email,
            created_at: now,
            status: email.enabled ? "pending" : "confirmed",
            confirmed_at: email.enabled ? null : now,
            unsubscribed_at: null,
            source: WEBSITE_SOURCE,
            locale,
            ...attributionColumns(attributionOfInput(input)),
          });
          if (email.enabled) await sendConfirmation(trx, { id, email: data.email }, locale);
        });
      } catch (error) {
        // Two requests for the same address at once: the unique index decides.
        if (await repo.findSubscriberByEmail(db, data.email)) throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
        throw error;
      }
      email.wake();
    },

    /** The confirmation link was opened: confirms the address, once, while the link lives. */
    async confirm(input: unknown): Promise<{ email: string }> {
      const { token } = parseInput(LinkTokenSchema, input);
      const confirmed = await db.transaction().execute(async (trx) => {
        const id = await singleUse.use(trx, CONFIRMATION_LINKS, token);
        const address = id && (await repo.confirmPending(trx, id, nowIso()));
        // Left unused when the address is no longer pending, like any link that opened nothing.
        if (!address) throw new GoneError(CONFIRM_LINK_ENDED_MESSAGE);
        return address;
      });
      return { email: confirmed };
    },

    /** An unsubscribe link (the page's button or RFC 8058 one-click POST): no session needed. */
    async unsubscribe(input: unknown): Promise<{ email: string }> {
      const { token } = parseInput(LinkTokenSchema, input);
      const subscriber = await subscriberOfLink(token);
      if (subscriber.status !== "unsubscribed") {
        await repo.updateSubscriber(db, subscriber._id, {
          status: "unsubscribed",
          unsubscribed_at: nowIso(),
        });
        await singleUse.endAll(db, CONFIRMATION_LINKS, subscriber._id);
      }
      return { email: subscriber.email };
    },

    /** "Subscribe again" on the unsubscribe page: the signed link proves the address, so no new e-mail. */
    async resubscribe(input: unknown): Promise<{ email: string }> {
      const { token } = parseInput(LinkTokenSchema, input);
      const subscriber = await subscriberOfLink(token);
      if (subscriber.status !== "confirmed") await repo.updateSubscriber(db, subscriber._id, confirmedNow());
      return { email: subscriber.email };
    },

    /** Newest first; optionally one status. */
    list: (status?: Subscriber["status"]) => repo.listSubscribers(db, status),

    /** The number of addresses per status, every status present (0 when none). */
    async counts(): Promise<Record<SubscriberStatus, number>> {
      const found = await repo.countByStatus(db);
      return Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, found[status] ?? 0])) as Record<
        SubscriberStatus,
        number
      >;
    },

    /**
     * Starts importing the addresses of a CSV (docs/decisions/0614-import-jobs.md): the file is kept
     * and a job reads it in batches (`importJob`); `importStatus` tells how far it got. A file
     * without an `email` column is refused here, at once.
     */
    async startImport(input: unknown, actor: Actor): Promise<{ id: string }> {
      const { csv, source } = parseInput(SubscriberImportSchema, input);
      importColumns(csv);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertImport(trx, {
          id,
          source,
          csv_length: csv.length,
          created_at: nowIso(),
          created_by: actor.email,
          finished_at: null,
        });
        await repo.insertImportFile(trx, id, csv);
        await jobs.enqueue(trx, { type: IMPORT_JOB, payload: { id }, key: importKey(id) });
        await audit.record(trx, actor, { action: "import", entity: SUBSCRIBER_AUDIT_ENTITY, values: { import: id } });
      });
      jobs.wake();
      return { id };
    },

    /** How far an import got, with what it found so far (all of it once `status` is done). */
    async importStatus(id: string): Promise<ImportStatus> {
      const row = await repo.importProgress(db, id);
      const job = row && (await jobs.state({ key: importKey(id) }));
      if (!row || !job) throw new NotFoundError("No such import.");
      const added = Number(row.added);
      const confirmed = Number(row.confirmed);
      return {
        id,
        status: row.finished_at ? "done" : job.status,
        rowsRead: Number(row.rows_done),
        percent: row.finished_at ? 100 : Math.floor((100 * Number(row.chars_done)) / Math.max(1, row.csv_length)),
        added,
        confirmed,
        pending: added - confirmed,
        alreadyKnown: Number(row.already_known),
        invalid: { count: Number(row.invalid_count), shown: JSON.parse(row.invalid_shown) as ImportProblem[] },
      };
    },

    /** Deletes all the given subscribers, or none when any id is unknown. */
    async remove(input: unknown, actor: Actor): Promise<{ deleted: number }> {
      const ids = [...new Set(parseInput(IdListSchema, input).ids)];
      return db.transaction().execute(async (trx) => {
        const found = await repo.countSubscribersWithIds(trx, ids);
        if (found !== ids.length) throw new ValidationError(unknownIdsMessage(ids.length - found));
        for (const id of ids) {
          await audit.record(trx, actor, { action: "delete", entity: SUBSCRIBER_AUDIT_ENTITY, entityId: id });
        }
        return { deleted: await repo.deleteSubscribers(trx, ids) };
      });
    },

    /** Every subscriber as a streamed CSV; the export of these addresses is itself recorded. */
    exportCsv(actor: Actor): Readable {
      return csvStream(
        CSV_COLUMNS,
        keysetBatches((after, limit) => repo.subscribersAfter(db, after, limit), EXPORT_BATCH),
        (rows) =>
          db
            .transaction()
            .execute((trx) =>
              audit.record(trx, actor, { action: "export", entity: SUBSCRIBER_AUDIT_ENTITY, values: { rows } }),
            ),
      );
    },
  };
}

export type SubscribersService = ReturnType<typeof createSubscribersService>;
