import type { Db } from "../../db/database.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { Clock } from "../shared/clock.ts";
import { ValidationError } from "../shared/errors.ts";
import { isBotSubmission } from "../shared/honeypot.ts";
import { IdListSchema, unknownIdsMessage } from "../shared/id-list.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./volunteers.repository.ts";
import { StatusUpdateSchema, type VolunteerApplication, VolunteerApplicationSchema } from "./volunteers.schema.ts";

function staffMail(application: VolunteerApplication, siteUrl: string) {
  const line = (label: string, value: string | number | undefined) =>
    value === undefined || value === "" ? [] : [`${label}: ${value}`];
  return {
    subject: `New volunteer application: ${application.fullName}`,
    replyTo: application.email,
    text: [
      `${application.fullName} applied to volunteer with Hope Behind Bars.`,
      "",
      ...line("E-mail", application.email),
      ...line("Phone", application.phone),
      ...line("Age", application.age),
      ...line("Interest", application.interest),
      ...line("Skills", application.skillSet),
      ...line("Other interest", application.otherInterestDetail),
      ...line("Availability", application.availability),
      ...line("LinkedIn", application.linkedin),
      ...line("Twitter", application.twitter),
      "",
      "Motivation:",
      application.motivation,
      ...(application.additionalComments ? ["", "Additional comments:", application.additionalComments] : []),
      "",
      `Review it at ${siteUrl}/admin/volunteers`,
    ].join("\n"),
  };
}

export function createVolunteersService(db: Db, clock: Clock, notifications: NotificationsService, siteUrl: string) {
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
        });
        await notifications.enqueue(trx, staffMail(application, siteUrl));
      });
      notifications.wake();
    },

    /** Newest first. */
    list: () => repo.listApplications(db),

    /** Sets one status on all the given applications, or on none when any id is unknown. */
    async setStatus(input: unknown) {
      const { status, ...rest } = parseInput(StatusUpdateSchema, input);
      const ids = [...new Set(rest.ids)];
      return db.transaction().execute(async (trx) => {
        await assertAllExist(trx, ids);
        return { updated: await repo.updateApplicationStatus(trx, ids, status), status };
      });
    },

    /** Deletes all the given applications, or none when any id is unknown. */
    async remove(input: unknown) {
      const ids = [...new Set(parseInput(IdListSchema, input).ids)];
      return db.transaction().execute(async (trx) => {
        await assertAllExist(trx, ids);
        return { deleted: await repo.deleteApplications(trx, ids) };
      });
    },
  };
}

export type VolunteersService = ReturnType<typeof createVolunteersService>;
