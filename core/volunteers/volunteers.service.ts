import type { Readable } from "node:stream";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { attributionColumns, attributionOfInput } from "../campaigns/attribution.ts";
import type { EmailService } from "../email/email.service.ts";
import { type EmailContent, renderEmail } from "../email/render-email.ts";
import { keysetBatches } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, csvStream } from "../shared/csv.ts";
import { ValidationError } from "../shared/errors.ts";
import { isBotSubmission } from "../shared/honeypot.ts";
import { IdListSchema, unknownIdsMessage } from "../shared/id-list.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./volunteers.repository.ts";
import { StatusUpdateSchema, type VolunteerApplication, VolunteerApplicationSchema } from "./volunteers.schema.ts";

/** How the audit log names a volunteer application. */
const AUDIT_ENTITY = "volunteer-application";

function staffMail(application: VolunteerApplication, siteUrl: string): EmailContent {
  return {
    subject: `New volunteer application: ${application.fullName}`,
    preview: `${application.fullName} wants to volunteer (${application.interest}).`,
    heading: "New volunteer application",
    intro: [`${application.fullName} applied to volunteer with Hope Behind Bars.`],
    details: [
      ["E-mail", application.email],
      ["Phone", application.phone],
      ["Age", application.age],
      ["Interest", application.interest],
      ["Skills", application.skillSet],
      ["Other interest", application.otherInterestDetail],
      ["Availability", application.availability],
      ["LinkedIn", application.linkedin],
      ["Twitter", application.twitter],
      ["Motivation", application.motivation],
      ["Additional comments", application.additionalComments],
    ],
    action: { label: "Review applications", url: `${siteUrl}/admin/volunteers` },
    footer: ["Reply to this e-mail to answer the applicant."],
  };
}

/** Rows read per query while writing the CSV. */
const EXPORT_BATCH = 1000;

const CSV_COLUMNS: CsvColumn<VolunteerApplication>[] = [
  { header: "Applied at (UTC)", value: (a) => a.createdAt },
  { header: "Full name", value: (a) => a.fullName },
  { header: "Email", value: (a) => a.email },
  { header: "Phone", value: (a) => a.phone },
  { header: "Age", value: (a) => a.age },
  { header: "Interest", value: (a) => a.interest },
  { header: "Other interest", value: (a) => a.otherInterestDetail },
  { header: "Skills", value: (a) => a.skillSet },
  { header: "Availability", value: (a) => a.availability },
  { header: "Motivation", value: (a) => a.motivation },
  { header: "LinkedIn", value: (a) => a.linkedin },
  { header: "Twitter", value: (a) => a.twitter },
  { header: "Comments", value: (a) => a.additionalComments },
  { header: "Status", value: (a) => a.status },
];

export interface VolunteersServiceDeps {
  db: Db;
  clock: Clock;
  email: EmailService;
  audit: Audit;
  siteUrl: string;
}

export function createVolunteersService({ db, clock, email, audit, siteUrl }: VolunteersServiceDeps) {
  async function assertAllExist(trx: Db, ids: string[]) {
    const found = await repo.countApplicationsWithIds(trx, ids);
    if (found !== ids.length) throw new ValidationError(unknownIdsMessage(ids.length - found));
  }

  return {
    /** Stores a visitor's application as Pending and queues the staff e-mail in the same transaction. */
    async submit(input: unknown): Promise<void> {
      const data = parseInput(VolunteerApplicationSchema, input);
      if (isBotSubmission(data)) return;
      await db.transaction().execute(async (trx) => {
        const application = await repo.insertApplication(trx, {
          id: newId(),
          full_name: data.fullName,
          email: data.email,
          phone: data.phone,
          age: data.age,
          interest: data.interest,
          skill_set: data.skillSet ?? null,
          other_interest_detail: data.otherInterestDetail ?? null,
          motivation: data.motivation,
          availability: data.availability,
          linkedin: data.linkedin ?? null,
          twitter: data.twitter ?? null,
          additional_comments: data.additionalComments ?? null,
          status: "Pending",
          created_at: clock().toISOString(),
          status_changed_at: null,
          ...attributionColumns(attributionOfInput(input)),
        });
        const mail = await renderEmail(staffMail(application, siteUrl));
        await email.notifyStaff(trx, { ...mail, replyTo: application.email });
      });
      email.wake();
    },

    /** Newest first. */
    list: () => repo.listApplications(db),

    /** Every application as a streamed CSV (same order as the list); the export is itself recorded. */
    exportCsv(actor: Actor): Readable {
      return csvStream(
        CSV_COLUMNS,
        keysetBatches<VolunteerApplication>((after, limit) => repo.applicationsAfter(db, after, limit), EXPORT_BATCH),
        (rows) =>
          db
            .transaction()
            .execute((trx) => audit.record(trx, actor, { action: "export", entity: AUDIT_ENTITY, values: { rows } })),
      );
    },

    pendingCount: () => repo.countPending(db),

    /** Sets one status on all the given applications, or on none when any id is unknown. */
    async setStatus(input: unknown, actor: Actor) {
      const { status, ...rest } = parseInput(StatusUpdateSchema, input);
      const ids = [...new Set(rest.ids)];
      return db.transaction().execute(async (trx) => {
        await assertAllExist(trx, ids);
        for (const id of ids) {
          await audit.record(trx, actor, { action: "status", entity: AUDIT_ENTITY, entityId: id, values: { status } });
        }
        return { updated: await repo.updateApplicationStatus(trx, ids, status, clock().toISOString()), status };
      });
    },

    /** Deletes all the given applications, or none when any id is unknown. */
    async remove(input: unknown, actor: Actor) {
      const ids = [...new Set(parseInput(IdListSchema, input).ids)];
      return db.transaction().execute(async (trx) => {
        await assertAllExist(trx, ids);
        for (const id of ids) await audit.record(trx, actor, { action: "delete", entity: AUDIT_ENTITY, entityId: id });
        return { deleted: await repo.deleteApplications(trx, ids) };
      });
    },
  };
}
