import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { EmailService } from "../email/email.service.ts";
import type { RenderedEmail } from "../email/render-email.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { zonedLocalToDate } from "../shared/site-time.ts";
import { parseInput } from "../shared/validation.ts";
import { PERSONAL_DATA_KINDS } from "./personal-data.registry.ts";
import {
  addressesOf,
  amharicReaders,
  type BreachRow,
  findBreach,
  insertBreach,
  listBreaches,
  setBreachSteps,
} from "./personal-data.repository.ts";

/** Ethiopia's proclamation (as reported) and the GDPR: the authority hears of a breach within 72 hours. */
export const NOTIFY_WITHIN_MS = 72 * 60 * 60_000;

const AUDIT_ENTITY = "breach";
const NOT_FOUND = "There is no such breach in the register.";
const KIND_IDS = PERSONAL_DATA_KINDS.map((kind) => kind.id) as [string, ...string[]];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label}: please keep this under ${max} characters`);

const BreachInputSchema = z.object({
  description: text("What happened", 4000),
  /** When it was found, in Addis Ababa time as a datetime-local field gives it. */
  foundAt: z
    .string({ error: "When it was found is required" })
    .refine((value) => zonedLocalToDate(value) !== undefined, "When it was found must be a date and time"),
  affected: text("Who is affected", 2000),
  kinds: z.array(z.enum(KIND_IDS, { error: "Pick kinds of data from the list" })).default([]),
});

const StepsSchema = z.object({
  authorityNotified: z.boolean().optional(),
  peopleInformed: z.boolean().optional(),
});

/** A breach as Admin → Privacy → Breaches shows it. */
export interface Breach extends BreachRow {
  /** When the 72 hours to tell the authority end. */
  notifyBy: string;
  /** How many addresses the kinds involved hold: the people to inform. */
  people: number;
}

export interface BreachesDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  /** The outbox the letter to the people affected goes through, one e-mail each. */
  email: Pick<EmailService, "enabled" | "send">;
  /** The newsletter editor's drafts: the letter is written, previewed and tested there. */
  letters: {
    create(input: unknown, actor: Actor): Promise<{ _id: string }>;
    /** The letter as an e-mail in each version it has: English, and Amharic when written. */
    letterEmails(id: string): Promise<{ en: RenderedEmail; am?: RenderedEmail }>;
  };
}

/** The draft the letter starts from; staff write the rest in the newsletter editor. */
const LETTER_DRAFT = {
  subject: "About your information at Hope Behind Bars",
  previewText: "What happened, what it means for you and what we are doing",
  content:
    "<p>We are writing because information about you that we hold may have been affected by an incident.</p><p>What happened: …</p><p>What information: …</p><p>What we are doing, and what you can do: …</p><p>If you have any questions, reply to this e-mail.</p>",
  inArchive: false,
};
const NO_LETTER = "Write the e-mail to the people affected first.";
const ALREADY_INFORMED = "The people affected have already been written to.";
const NO_MAIL = "E-mail is not set up on this site, so nothing can be sent.";

export function createBreaches({ db, clock, audit, email, letters }: BreachesDeps) {
  async function shown(row: BreachRow): Promise<Breach> {
    return {
      ...row,
      notifyBy: new Date(new Date(row.foundAt).getTime() + NOTIFY_WITHIN_MS).toISOString(),
      people: (await addressesOf(db, row.kinds)).length,
    };
  }

  async function found(id: string): Promise<BreachRow> {
    const row = isRecordId(id) ? await findBreach(db, id) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  return {
    async list(): Promise<Breach[]> {
      return Promise.all((await listBreaches(db)).map(shown));
    },

    /** Records a suspected breach; the audit names the kinds involved, never what staff wrote. */
    async record(input: unknown, actor: Actor): Promise<Breach> {
      const data = parseInput(BreachInputSchema, input);
      const id = newId();
      const kinds = [...new Set(data.kinds)];
      await db.transaction().execute(async (trx) => {
        await insertBreach(trx, {
          id,
          description: data.description,
          found_at: (zonedLocalToDate(data.foundAt) as Date).toISOString(),
          affected: data.affected,
          kinds: JSON.stringify(kinds),
          authority_notified_at: null,
          people_informed_at: null,
          recorded_at: clock().toISOString(),
          recorded_by: actor.email,
          newsletter_id: null,
        });
        await audit.record(trx, actor, {
          action: "create",
          entity: AUDIT_ENTITY,
          entityId: id,
          fields: ["description", "foundAt", "affected", "kinds"],
          values: { kinds: kinds.join(", ") },
        });
      });
      return shown(await found(id));
    },

    /** Marks (or unmarks) the authority told and the people informed, dated now. */
    async setSteps(id: string, input: unknown, actor: Actor): Promise<Breach> {
      const steps = parseInput(StepsSchema, input);
      await found(id);
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await setBreachSteps(trx, id, {
          ...(steps.authorityNotified === undefined
            ? {}
            : { authority_notified_at: steps.authorityNotified ? now : null }),
          ...(steps.peopleInformed === undefined ? {} : { people_informed_at: steps.peopleInformed ? now : null }),
        });
        await audit.record(trx, actor, {
          action: "update",
          entity: AUDIT_ENTITY,
          entityId: id,
          fields: Object.keys(steps),
          values: steps,
        });
      });
      return shown(await found(id));
    },

    /**
     * The letter to the people affected, as a newsletter draft (docs/decisions/0861): made once, then
     * written in the newsletter editor. The newsletter's creation is what the audit log records.
     */
    async draftLetter(id: string, actor: Actor): Promise<{ newsletterId: string }> {
      const breach = await found(id);
      if (breach.newsletterId) return { newsletterId: breach.newsletterId };
      const draft = await letters.create(LETTER_DRAFT, actor);
      await setBreachSteps(db, id, { newsletter_id: draft._id });
      return { newsletterId: draft._id };
    },

    /**
     * Sends the letter to every address the kinds involved hold, one e-mail each through the outbox,
     * and marks the people informed, in one transaction; the audit names how many, never who. With an
     * Amharic version, people whose known language is Amharic get it (docs/decisions/0886).
     */
    async informPeople(id: string, actor: Actor): Promise<Breach> {
      const breach = await found(id);
      if (!breach.newsletterId) throw new ValidationError(NO_LETTER);
      if (breach.peopleInformedAt) throw new ConflictError(ALREADY_INFORMED);
      if (!email.enabled) throw new ServiceUnavailableError(NO_MAIL);
      const letter = await letters.letterEmails(breach.newsletterId);
      const addresses = await addressesOf(db, breach.kinds);
      const amharic = letter.am ? await amharicReaders(db, addresses) : new Set<string>();
      await db.transaction().execute(async (trx) => {
        for (const address of addresses) {
          await email.send(trx, address, (amharic.has(address) && letter.am) || letter.en);
        }
        await setBreachSteps(trx, id, { people_informed_at: clock().toISOString() });
        await audit.record(trx, actor, {
          action: "update",
          entity: AUDIT_ENTITY,
          entityId: id,
          fields: ["peopleInformed"],
          values: { peopleInformed: true, emailed: addresses.length, emailedInAmharic: amharic.size },
        });
      });
      return shown(await found(id));
    },

    /** The addresses of the people to inform: every address the kinds involved hold. */
    async people(id: string): Promise<{ emails: string[] }> {
      return { emails: await addressesOf(db, (await found(id)).kinds) };
    },
  };
}
