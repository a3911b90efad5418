import { strToU8, zipSync } from "fflate";
import type { Db, Dialect } from "../../db/database.ts";
import type { ListPage } from "../admin-lists/list-page.types.ts";
import { listPage } from "../admin-lists/list-query.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { EmailService } from "../email/email.service.ts";
import { type EmailContent, renderEmail } from "../email/render-email.ts";
import { isLocale, type Locale, localizePath } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, toCsv } from "../shared/csv.ts";
import { ConflictError, GoneError, NotFoundError, ServiceUnavailableError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import type { SingleUseLinks } from "../single-use-links/single-use-links.ts";
import { addressKey, newPseudonym, pseudonymEmail, pseudonymName, suppressionHash } from "./erased.ts";
import * as repo from "./people.repository.ts";
import {
  DataConfirmSchema,
  type DataRequestKind,
  DataRequestSchema,
  type ErasureRequest,
  type ErasureSummary,
  LiftSuppressionSchema,
  PeopleQuerySchema,
  type PersonDetail,
  type PersonExportState,
  type PersonRecord,
  type PersonSummary,
  type PersonTotal,
  RectifySchema,
} from "./people.schema.ts";
import * as list from "./people-list.repository.ts";
import type { PersonSource, SourceErasure } from "./person-source.ts";
import { DATA_ERASURE_LINKS, DATA_EXPORT_LINKS } from "./personal-data-links.ts";

export const NOT_SUPPRESSED_MESSAGE = "That address is not kept off the newsletter list.";
/** How the audit log names a lifted suppression: that it happened and by whom, never for which address. */
const SUPPRESSION_AUDIT_ENTITY = "suppression";
export const PERSON_NOT_FOUND = "That person is not on record.";
export const EXPORT_NOT_FOUND = "That export does not exist or has expired.";
/** How the audit log names a person (its id is the person's opaque id, or an erasure's id). */
export const PERSON_AUDIT_ENTITY = "person";
export const PEOPLE_EXPORT_JOB = "people.export";
export const PEOPLE_ERASURE_JOB = "people.erase";
export const PEOPLE_REFRESH_JOB = "people.refresh";
/** The most a person's list row lags behind their records when the list is not read meanwhile. */
export const PEOPLE_REFRESH_EVERY_MS = 60_000;
/** Marked addresses a list request refreshes before it reads; a bulk import's rest is the job's. */
const REFRESH_BEFORE_LIST = 2_000;
const EXPORT_KEPT_MS = 24 * 60 * 60_000;

export interface PeopleServiceDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  audit: Audit;
  jobs: JobQueue;
  sources: readonly PersonSource[];
  /** A receipt's PDF, as staff download it. */
  receiptPdf: (id: string) => Promise<{ number: string; pdf: Buffer }>;
  purgePublicCaches: () => Promise<void>;
  email: EmailService;
  links: SingleUseLinks;
  siteUrl: string;
}

export const DATA_LINK_ENDED_MESSAGE = "This link has expired or was already used. Please ask again.";
export const DATA_MAIL_UNAVAILABLE_MESSAGE = "The site cannot send e-mail just now, so it cannot confirm your address.";
const ZIP_NAME = "personal-data.zip";

type MailKey = Parameters<typeof message>[1];
/** An e-mail to the person in the language they asked in (the catalogue's texts, decision 0507). */
function personMail(
  locale: Locale,
  keys: { subject: MailKey; intro: MailKey[]; footer?: MailKey[] },
  action?: EmailContent["action"],
): EmailContent {
  const t = (key: MailKey) => message(locale, key);
  return {
    lang: locale,
    subject: t(keys.subject),
    preview: t(keys.intro[0] as MailKey),
    heading: t(keys.subject),
    intro: keys.intro.map(t),
    ...(action && { action }),
    footer: (keys.footer ?? []).map(t),
  };
}

function totalsOf(records: PersonRecord[]): PersonTotal[] {
  const totals = new Map<string, PersonTotal>();
  for (const record of records) {
    if (!record.gift) continue;
    const year = Number(record.at.slice(0, 4));
    const key = `${year}:${record.gift.currency}`;
    const total = totals.get(key) ?? { year, currency: record.gift.currency, minor: 0 };
    total.minor += record.gift.minor;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.year - a.year || a.currency.localeCompare(b.currency));
}

/** A CSV per source whose columns are the fields its records have. */
function csvOf(records: PersonRecord[]): string {
  const names = [...new Set(records.flatMap((record) => Object.keys(record.fields)))];
  const columns: CsvColumn<PersonRecord>[] = [
    { header: "kind", value: (record) => record.kind },
    ...names.map((name) => ({ header: name, value: (record: PersonRecord) => record.fields[name] ?? "" })),
  ];
  return toCsv(columns, records);
}

export function createPeopleService(deps: PeopleServiceDeps) {
  const { db, clock, audit, jobs, sources } = deps;
  const nowIso = () => clock().toISOString();

  async function addressOf(id: string): Promise<string> {
    const key = isRecordId(id) ? await repo.addressOf(db, id) : undefined;
    if (!key) throw new NotFoundError(PERSON_NOT_FOUND);
    return key;
  }

  async function recordsOf(key: string): Promise<Array<{ source: PersonSource; records: PersonRecord[] }>> {
    const found = [];
    for (const source of sources) found.push({ source, records: await source.records(db, key) });
    return found;
  }

  async function detail(id: string, key: string): Promise<PersonDetail> {
    const timeline = (await recordsOf(key))
      .flatMap((found) => found.records)
      .sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
    if (timeline.length === 0) throw new NotFoundError(PERSON_NOT_FOUND);
    const text = (field: string) =>
      timeline.map((record) => record.fields[field]).find((value) => typeof value === "string" && value !== "");
    const name = text("donorName") ?? text("fullName") ?? text("name") ?? "";
    return {
      id,
      name: String(name),
      email: String(text("donorEmail") ?? text("email") ?? key),
      phone: String(text("phone") ?? ""),
      kinds: [...new Set(timeline.map((record) => record.kind))].sort(),
      lastSeenAt: timeline[0]?.at ?? "",
      timeline,
      totals: totalsOf(timeline),
    };
  }

  async function buildExport(key: string): Promise<Uint8Array> {
    const found = await recordsOf(key);
    const files: Record<string, Uint8Array> = {};
    const json: Record<string, PersonRecord["fields"][]> = {};
    for (const { source, records } of found) {
      if (records.length === 0) continue;
      json[source.file] = records.map((record) => ({ kind: record.kind, ...record.fields }));
      files[`${source.file}.csv`] = strToU8(csvOf(records));
    }
    files["person.json"] = strToU8(`${JSON.stringify({ email: key, exportedAt: nowIso(), records: json }, null, 2)}\n`);
    for (const { records } of found)
      for (const record of records) {
        if (record.kind !== "receipt") continue;
        const { number, pdf } = await deps.receiptPdf(record.id);
        files[`receipts/receipt-${number}.pdf`] = new Uint8Array(pdf);
      }
    return zipSync(files, { level: 6, mtime: clock() });
  }

  /** Runs a pending erasure, all or nothing, in one transaction; a second run finds it done. */
  async function performErasure(erasureId: string): Promise<ErasureSummary | undefined> {
    const summary = await db.transaction().execute(async (trx) => {
      const erasure = await repo.findErasure(trx, erasureId);
      if (!erasure?.email_key || !(await repo.claimErasure(trx, erasureId, nowIso()))) return undefined;
      const key = erasure.email_key;
      const context = {
        pseudonymName: pseudonymName(erasure.pseudonym),
        pseudonymEmail: pseudonymEmail(erasure.pseudonym),
        now: nowIso(),
      };
      const subscribed = await repo.subscriberWith(trx, key);
      const result: ErasureSummary = {
        erasureId,
        pseudonym: context.pseudonymName,
        erased: {},
        keptByLaw: {},
        atProviders: [],
        suppressed: subscribed,
      };
      for (const source of sources) {
        const done: SourceErasure = await source.erase(trx, key, context);
        if (done.erased) result.erased[source.kind] = done.erased;
        if (done.keptByLaw) result.keptByLaw[source.kind] = done.keptByLaw;
        result.atProviders.push(...(done.atProviders ?? []));
      }
      if (subscribed) await repo.suppress(trx, suppressionHash(key), context.now);
      await repo.deleteExportsOf(trx, erasure.person_id);
      await repo.deletePerson(trx, erasure.person_id);
      // The list's row goes with the rest, and no mark naming the address is left for later.
      await list.refreshNow(trx, sources, [key, context.pseudonymEmail], context.now);
      await repo.recordErasure(trx, erasureId, JSON.stringify(result));
      // The one message that names the address after its erasure: the outcome the person asked to hear.
      if (erasure.notify) {
        const locale = isLocale(erasure.locale) ? erasure.locale : "en";
        await deps.email.send(
          trx,
          key,
          await renderEmail(
            personMail(locale, {
              subject: "dataEmail.erasedSubject",
              intro: ["dataEmail.erased", "dataEmail.erasedKept"],
            }),
          ),
        );
      }
      return result;
    });
    if (summary) {
      await deps.purgePublicCaches();
      deps.email.wake();
    }
    return summary;
  }

  return {
    /**
     * `GET /api/people?q=`: the people matching a search, a page at a time, from their maintained
     * rows (addresses changed since the last refresh are brought up to date first); `next` names the
     * last person listed when more follow, for a keyset page (`after`).
     */
    async list(input: unknown): Promise<ListPage<PersonSummary> & { next?: string }> {
      const query = parseInput(PeopleQuerySchema, input ?? {});
      await list.refreshMarked(db, sources, nowIso(), REFRESH_BEFORE_LIST);
      const { rows, total, more } = await list.listPeople(db, query);
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name ?? "",
        email: row.email_key,
        phone: row.phone ?? "",
        kinds: row.kinds.split(",").sort(),
        lastSeenAt: row.last_at,
      }));
      const last = items.at(-1);
      return { ...listPage(items, total, query), ...(more && last && { next: last.id }) };
    },

    /** Brings every marked person's row up to date (the job, and after a full rebuild). */
    refresh: () => list.refreshMarked(db, sources, nowIso()),

    /** Rebuilds every person's row from the sources (ids kept): for existing data, or to check nothing drifted. */
    async rebuild(): Promise<number> {
      await list.markAll(db, sources);
      return list.refreshMarked(db, sources, nowIso());
    },

    refreshJob: {
      type: PEOPLE_REFRESH_JOB,
      everyMs: PEOPLE_REFRESH_EVERY_MS,
      async handle() {
        await list.refreshMarked(db, sources, nowIso());
      },
    } satisfies JobDefinition<Record<string, never>>,

    /** `GET /api/people/:id`: everything held about the person, newest first, and their giving per year. */
    async get(id: string): Promise<PersonDetail> {
      return detail(id, await addressOf(id));
    },

    /** Corrects the name and/or address on every record of the person, in one audited transaction. */
    async rectify(id: string, input: unknown, actor: Actor): Promise<PersonDetail> {
      const change = parseInput(RectifySchema, input);
      const key = await addressOf(id);
      const newKey = change.email === undefined ? key : addressKey(change.email);
      await db.transaction().execute(async (trx) => {
        if (newKey !== key && (await repo.subscriberWith(trx, newKey)) && (await repo.subscriberWith(trx, key)))
          throw new ConflictError("That address is already subscribed: erase or change one of the two first.");
        let changed = 0;
        for (const source of sources) changed += await source.rectify(trx, key, change);
        if (newKey !== key) await repo.movePerson(trx, id, newKey);
        await list.refreshNow(trx, sources, [...new Set([key, newKey])], nowIso());
        await audit.record(trx, actor, {
          action: "update",
          entity: PERSON_AUDIT_ENTITY,
          entityId: id,
          fields: Object.keys(change),
          values: { records: changed },
        });
      });
      return detail(id, newKey);
    },

    /** Starts an export: a job makes the ZIP (large histories take a while); poll `exportState`. */
    async requestExport(id: string, actor: Actor): Promise<PersonExportState> {
      await addressOf(id);
      const exportId = newId();
      await db.transaction().execute(async (trx) => {
        await repo.deleteExportsBefore(trx, new Date(clock().getTime() - EXPORT_KEPT_MS).toISOString());
        await repo.insertExport(trx, {
          id: exportId,
          person_id: id,
          status: "queued",
          zip: null,
          created_at: nowIso(),
          finished_at: null,
        });
        await jobs.enqueue(trx, { type: PEOPLE_EXPORT_JOB, payload: { exportId }, key: `people-export:${exportId}` });
        await audit.record(trx, actor, {
          action: "export",
          entity: PERSON_AUDIT_ENTITY,
          entityId: id,
          values: { step: "requested" },
        });
      });
      jobs.wake();
      return { exportId, status: "queued" };
    },

    async exportState(exportId: string): Promise<PersonExportState> {
      const row = isRecordId(exportId) ? await repo.findExport(db, exportId) : undefined;
      if (!row) throw new NotFoundError(EXPORT_NOT_FOUND);
      return { exportId, status: row.status === "done" ? "done" : "queued" };
    },

    /** The finished ZIP; the download is recorded in the audit log. */
    async download(exportId: string, actor: Actor): Promise<Buffer> {
      const row = isRecordId(exportId) ? await repo.findExport(db, exportId) : undefined;
      if (!row?.zip) throw new NotFoundError(EXPORT_NOT_FOUND);
      await db.transaction().execute((trx) =>
        audit.record(trx, actor, {
          action: "export",
          entity: PERSON_AUDIT_ENTITY,
          entityId: row.person_id,
          values: { step: "downloaded" },
        }),
      );
      return Buffer.from(row.zip, "base64");
    },

    exportJob: {
      type: PEOPLE_EXPORT_JOB,
      maxAttempts: 5,
      async handle({ exportId, locale }) {
        const row = await repo.findExport(db, exportId);
        if (!row || row.status === "done") return;
        const key = await repo.addressOf(db, row.person_id);
        if (!key) return; // erased meanwhile
        const zip = Buffer.from(await buildExport(key)).toString("base64");
        if (!row.mail_to_person) return repo.finishExport(db, exportId, zip, nowIso());
        const mail = await renderEmail(
          personMail(isLocale(locale) ? locale : "en", {
            subject: "dataEmail.exportSubject",
            intro: ["dataEmail.exportAttached", "dataEmail.exportKept"],
          }),
        );
        // The ZIP goes to the person and is not kept here.
        await db.transaction().execute(async (trx) => {
          await deps.email.send(trx, key, {
            ...mail,
            attachments: [{ filename: ZIP_NAME, contentType: "application/zip", base64: zip }],
          });
          await repo.finishExport(trx, exportId, null, nowIso());
        });
        deps.email.wake();
      },
    } satisfies JobDefinition<{ exportId: string; locale?: string }>,

    /**
     * Erases the person: the erasure is stored with its job first, so a crash before it finishes leaves
     * it to the job to do once; then it runs here, all in one transaction, and answers what it did.
     */
    async erase(id: string, actor: Actor): Promise<ErasureSummary> {
      const key = await addressOf(id);
      const erasureId = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertErasure(trx, {
          id: erasureId,
          person_id: id,
          email_key: key,
          pseudonym: newPseudonym(),
          status: "pending",
          summary: null,
          created_at: nowIso(),
          created_by: actor.email,
          finished_at: null,
        });
        await jobs.enqueue(trx, {
          type: PEOPLE_ERASURE_JOB,
          payload: { erasureId },
          key: `people-erasure:${erasureId}`,
        });
        // That it happened and by whom; never whose or what.
        await audit.record(trx, actor, { action: "delete", entity: PERSON_AUDIT_ENTITY, entityId: erasureId });
      });
      const done = (await performErasure(erasureId)) ?? (await repo.findErasure(db, erasureId))?.summary;
      if (!done) throw new ConflictError("The erasure is under way; its result will be in a moment.");
      return typeof done === "string" ? (JSON.parse(done) as ErasureSummary) : done;
    },

    /**
     * "Your data": a visitor asks for a copy or an erasure. A link to the address confirms it; the
     * answer is the same whether or not anything is held about the address.
     */
    async askByVisitor(input: unknown, locale: Locale = "en"): Promise<void> {
      const { email: address, kind } = parseInput(DataRequestSchema, input);
      if (!deps.email.enabled) throw new ServiceUnavailableError(DATA_MAIL_UNAVAILABLE_MESSAGE);
      const key = addressKey(address);
      const purpose = kind === "export" ? DATA_EXPORT_LINKS : DATA_ERASURE_LINKS;
      if (!(await deps.links.mayIssue(db, purpose, key))) return;
      await db.transaction().execute(async (trx) => {
        await deps.links.send(trx, purpose, {
          subject: key,
          to: address,
          mail: ({ token }) =>
            personMail(
              locale,
              {
                subject: kind === "export" ? "dataEmail.confirmExportSubject" : "dataEmail.confirmEraseSubject",
                intro: [kind === "export" ? "dataEmail.askedExport" : "dataEmail.askedErase", "dataEmail.follow"],
                footer: ["dataEmail.once", "dataEmail.ignore"],
              },
              {
                label: message(locale, "dataEmail.confirm"),
                url: `${deps.siteUrl}${localizePath("/your-data", locale)}?kind=${kind}&token=${token}`,
              },
            ),
        });
      });
      deps.email.wake();
    },

    /**
     * The e-mailed link was opened and confirmed: an export is made and e-mailed by a job; an erasure
     * waits for staff (never automatic), and the person hears the outcome by e-mail.
     */
    async confirmByVisitor(input: unknown, locale: Locale = "en"): Promise<{ kind: DataRequestKind }> {
      const { token, kind } = parseInput(DataConfirmSchema, input);
      await db.transaction().execute(async (trx) => {
        const key = await deps.links.use(trx, kind === "export" ? DATA_EXPORT_LINKS : DATA_ERASURE_LINKS, token);
        if (!key) throw new GoneError(DATA_LINK_ENDED_MESSAGE);
        const personId = (await repo.idsOf(trx, [key], nowIso())).get(key) as string;
        if (kind === "export") {
          const exportId = newId();
          await repo.insertExport(trx, {
            id: exportId,
            person_id: personId,
            status: "queued",
            zip: null,
            mail_to_person: 1,
            created_at: nowIso(),
            finished_at: null,
          });
          await jobs.enqueue(trx, {
            type: PEOPLE_EXPORT_JOB,
            payload: { exportId, locale },
            key: `people-export:${exportId}`,
          });
        } else {
          await repo.insertErasure(trx, {
            id: newId(),
            person_id: personId,
            email_key: key,
            pseudonym: newPseudonym(),
            status: "requested",
            summary: null,
            notify: 1,
            locale,
            created_at: nowIso(),
            created_by: "the person, through the e-mailed link",
            finished_at: null,
          });
        }
      });
      jobs.wake();
      return { kind };
    },

    /** Erasures people asked for, waiting for staff to confirm. */
    async erasureRequests(): Promise<ErasureRequest[]> {
      return (await repo.requestedErasures(db)).map((row) => ({
        erasureId: row.id,
        personId: row.person_id,
        email: row.email_key ?? "",
        requestedAt: row.created_at,
      }));
    },

    /** Staff confirm a person's erasure request: it is done as staff's own erasure is, and the person told. */
    async approveRequest(erasureId: string, actor: Actor): Promise<ErasureSummary> {
      await db.transaction().execute(async (trx) => {
        if (!isRecordId(erasureId) || !(await repo.approveErasure(trx, erasureId)))
          throw new NotFoundError("That request is not waiting any more.");
        await jobs.enqueue(trx, {
          type: PEOPLE_ERASURE_JOB,
          payload: { erasureId },
          key: `people-erasure:${erasureId}`,
        });
        await audit.record(trx, actor, { action: "delete", entity: PERSON_AUDIT_ENTITY, entityId: erasureId });
      });
      const done = (await performErasure(erasureId)) ?? (await repo.findErasure(db, erasureId))?.summary;
      if (!done) throw new ConflictError("The erasure is under way; its result will be in a moment.");
      return typeof done === "string" ? (JSON.parse(done) as ErasureSummary) : done;
    },

    /** Staff decline a request (it was not the person's to make, say): the person is told, the request goes. */
    async declineRequest(erasureId: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const declined = isRecordId(erasureId) ? await repo.declineErasure(trx, erasureId) : undefined;
        if (!declined) throw new NotFoundError("That request is not waiting any more.");
        // In the language the person asked in, as the erasure's outcome is.
        const locale = isLocale(declined.locale) ? declined.locale : "en";
        await deps.email.send(
          trx,
          declined.key,
          await renderEmail(
            personMail(locale, { subject: "dataEmail.declinedSubject", intro: ["dataEmail.declined"] }),
          ),
        );
        await audit.record(trx, actor, {
          action: "status",
          entity: PERSON_AUDIT_ENTITY,
          entityId: erasureId,
          values: { status: "declined" },
        });
      });
      deps.email.wake();
    },

    /**
     * An erased address that asks to subscribe again (docs/decisions/0811-lifting-a-suppression.md):
     * an Administrator lifts its suppression, audited without the address; it can then subscribe,
     * and confirms by e-mail like anyone.
     */
    async liftSuppression(input: unknown, actor: Actor): Promise<void> {
      const { email } = parseInput(LiftSuppressionSchema, input);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.unsuppress(trx, suppressionHash(addressKey(email)))))
          throw new NotFoundError(NOT_SUPPRESSED_MESSAGE);
        await audit.record(trx, actor, { action: "delete", entity: SUPPRESSION_AUDIT_ENTITY });
      });
    },

    erasureJob: {
      type: PEOPLE_ERASURE_JOB,
      async handle({ erasureId }) {
        await performErasure(erasureId);
      },
    } satisfies JobDefinition<{ erasureId: string }>,
  };
}
