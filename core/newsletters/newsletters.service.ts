import type { Db, Dialect } from "../../db/database.ts";
import { mayUse, type StaffRole } from "../access/roles.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { BlogService } from "../blogs/blogs.service.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { ConsentService } from "../consent/consent.service.ts";
import type { EmailService, QueuedEmail } from "../email/email.service.ts";
import type { RenderedEmail } from "../email/render-email.ts";
import type { Locale } from "../i18n/locale.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import type { ImageInput } from "../media/image-input.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import type { SubscribersService } from "../subscribers/subscribers.service.ts";
import { sanitizeNewsletterHtml } from "./newsletter-html.ts";
import { isNewsletterPicture, NEWSLETTER_FOLDER, type PictureStorage, picturesShown } from "./newsletter-pictures.ts";
import { NEWSLETTER_SEND_JOB, newsletterSendJob, type SendJobPayload } from "./newsletter-sending.ts";
import {
  MAIL_NOT_SET_UP_MESSAGE,
  NEWSLETTER_NOT_FOUND_MESSAGE,
  NO_RECIPIENTS_MESSAGE,
  ONLY_DRAFTS_MESSAGE,
} from "./newsletters.constants.ts";
import * as repo from "./newsletters.repository.ts";
import {
  AudienceQuerySchema,
  FromPostSchema,
  hasAmharicVersion,
  type ListedNewsletter,
  type Newsletter,
  type NewsletterAudience,
  NewsletterInputSchema,
  PreviewQuerySchema,
  ScheduleSchema,
  versionFor,
} from "./newsletters.schema.ts";
import { forRecipient, renderNewsletter } from "./render-newsletter.ts";

export const NEWSLETTER_AUDIT_ENTITY = "newsletter";

/** Breach letters belong with the breach register, which is for Administrators only (no `roles`). */
const mayReadBreachLetters = (role: StaffRole) => mayUse(role, undefined);

export interface NewslettersDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  audit: Audit;
  email: EmailService;
  jobs: JobQueue;
  subscribers: SubscribersService;
  blogs: BlogService;
  purgePublicCaches: PurgePublicCaches;
  /** Every picture a newsletter shows goes through the one consent mechanism (docs/decisions/0751). */
  consent: Pick<ConsentService, "recordSent" | "assertMaySend">;
  /** The organisation's postal address, printed at the foot of every newsletter (site content, docs/decisions/0753). */
  postalAddress: () => Promise<string[]>;
  /** Pictures inside newsletters go through the one media pipeline, to the `newsletter` folder. */
  media: Pick<MediaService, "storeImage">;
  storage: PictureStorage;
  siteUrl: string;
  /** Messages per second while sending. */
  rate: number;
}

const BREACH_LETTER_MESSAGE =
  "This e-mail is for the people a breach affects: send it from the breach register at Admin → Privacy.";

/**
 * Newsletters: written as drafts, previewed and tested as e-mails, then sent now or at a time by the
 * durable queue (newsletter-sending.ts), and listed on the public archive once sent unless unticked.
 */
export function createNewslettersService(deps: NewslettersDeps) {
  const { db, clock, audit, email, jobs, subscribers, siteUrl } = deps;
  const { links } = subscribers;
  const nowIso = () => clock().toISOString();
  const sanitize = (html: string) => sanitizeNewsletterHtml(html, (src) => isNewsletterPicture(deps.storage, src));
  const render = async (newsletter: Newsletter, options: Parameters<typeof renderNewsletter>[5] = {}) =>
    renderNewsletter(newsletter, siteUrl, links, deps.storage, await deps.postalAddress(), options);

  /**
   * The pictures a newsletter shows, as a refusal names them: the one above the text (a blog post's)
   * and each one inside its text, the Amharic version's included (docs/decisions/0884), by its
   * description. Only those the e-mail would show (sanitised).
   */
  function picturesOf(newsletter: Pick<Newsletter, "imageUrl" | "content" | "contentAm">) {
    const above = newsletter.imageUrl
      ? [{ url: newsletter.imageUrl, name: "The picture above the text", field: "imageUrl" }]
      : [];
    return [...above, ...picturesShown(deps.storage, `${newsletter.content}${newsletter.contentAm}`)];
  }

  /** Records the consent sent with a write for the pictures the newsletter shows, in the write's transaction. */
  async function recordPictureConsents(
    trx: Db,
    id: string,
    data: ReturnType<typeof NewsletterInputSchema.parse>,
    actor: Actor,
  ) {
    const shown = new Set(
      picturesOf({ imageUrl: data.imageUrl ?? "", content: data.content, contentAm: data.contentAm ?? "" }).map(
        (p) => p.url,
      ),
    );
    for (const [index, { imageUrl, ...sent }] of (data.pictureConsents ?? []).entries()) {
      if (!shown.has(imageUrl)) continue;
      await deps.consent.recordSent(trx, { url: imageUrl, sent, field: `pictureConsents.${index}` }, actor, id);
    }
  }

  /** The newsletter with its words in `locale`'s version, and which language that is. */
  const shownIn = (newsletter: Newsletter, locale: Locale): Newsletter & { lang: Locale } => {
    const { lang, subject, previewText, content, buttonLabel } = versionFor(newsletter, locale);
    return { ...newsletter, lang, subject, previewText, content, buttonLabel };
  };

  const sendJob = newsletterSendJob({
    db,
    audit,
    mayGoOut: (trx, newsletter) => deps.consent.assertMaySend(trx, picturesOf(newsletter)),
    postalAddress: deps.postalAddress,
    dialect: deps.dialect,
    clock,
    email,
    purgePublicCaches: deps.purgePublicCaches,
    siteUrl,
    links,
    storage: deps.storage,
    unsubscribeToken: subscribers.unsubscribeToken,
    rate: deps.rate,
  });

  async function findRow(id: string) {
    const row = isRecordId(id) ? await repo.findNewsletter(db, id) : undefined;
    if (!row) throw new NotFoundError(NEWSLETTER_NOT_FOUND_MESSAGE);
    return row;
  }

  const fieldsOf = (input: ReturnType<typeof NewsletterInputSchema.parse>) => ({
    subject: input.subject,
    preview_text: input.previewText ?? "",
    content: input.content,
    image_url: input.imageUrl ?? null,
    button_label: input.buttonLabel ?? null,
    button_url: input.buttonUrl ?? null,
    in_archive: input.inArchive ? 1 : 0,
    // Without an Amharic subject there is no Amharic version: nothing of one is kept.
    subject_am: input.subjectAm ?? "",
    preview_text_am: input.subjectAm ? (input.previewTextAm ?? "") : "",
    content_am: input.subjectAm ? (input.contentAm ?? "") : "",
    button_label_am: input.subjectAm ? (input.buttonLabelAm ?? "") : "",
  });

  async function create(input: unknown, actor: Actor): Promise<Newsletter> {
    const data = parseInput(NewsletterInputSchema, input);
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      await repo.insertNewsletter(trx, { id, ...fieldsOf(data), state: "draft", created_at: now, updated_at: now });
      await recordPictureConsents(trx, id, data, actor);
      await audit.record(trx, actor, {
        action: "create",
        entity: NEWSLETTER_AUDIT_ENTITY,
        entityId: id,
        fields: Object.keys(data),
      });
    });
    return repo.toNewsletter(await findRow(id));
  }

  return {
    /** Sends a newsletter to its recipients; registered with every other job kind in server/job-handlers.ts. */
    sendJob,

    /**
     * Every newsletter, newest first, as `role` may see them: a breach's letter is personal-data
     * work, listed (and marked) for Administrators only (docs/decisions/0886).
     */
    async list(role: StaffRole): Promise<ListedNewsletter[]> {
      const letters = await repo.breachLetterIds(db);
      const rows = await repo.listNewsletters(db);
      const seen = mayReadBreachLetters(role) ? rows : rows.filter((row) => !letters.has(row.id));
      return seen.map((row) =>
        letters.has(row.id) ? { ...repo.toNewsletter(row), breachLetter: true } : repo.toNewsletter(row),
      );
    },

    /**
     * Not found for anyone but Administrators when it is a breach's letter: every newsletter call by
     * id asks this first, so Editors never open, test, preview or delete one (docs/decisions/0886).
     */
    async assertSeenBy(id: string, role: StaffRole): Promise<void> {
      if (!mayReadBreachLetters(role) && isRecordId(id) && (await repo.isBreachLetter(db, id))) {
        throw new NotFoundError(NEWSLETTER_NOT_FOUND_MESSAGE);
      }
    },

    /** A newsletter with how its send is going and the addresses that failed, with why. */
    async get(id: string) {
      const newsletter = repo.toNewsletter(await findRow(id));
      return {
        ...newsletter,
        ...((await repo.isBreachLetter(db, id)) ? { breachLetter: true as const } : {}),
        progress: await repo.progressOf(db, id),
        failures: await repo.failedDeliveries(db, id),
      };
    },

    create,

    /**
     * A draft as the e-mail to people who are not (all) subscribers: a breach's letter, sent from the
     * breach register through the e-mail outbox (docs/decisions/0861-telling-people-of-a-breach.md),
     * in English and, when it has one, in its Amharic version with the Amharic foot (0886).
     */
    async letterEmails(id: string): Promise<{ en: RenderedEmail; am?: RenderedEmail }> {
      const newsletter = repo.toNewsletter(await findRow(id));
      const notice = { footer: "breachLetterEmail.why" } as const;
      const en = (await render(newsletter, { notice })).email;
      if (!hasAmharicVersion(newsletter)) return { en };
      return { en, am: (await render(newsletter, { notice, locale: "am" })).email };
    },

    async update(id: string, input: unknown, actor: Actor): Promise<Newsletter> {
      const data = parseInput(NewsletterInputSchema, input);
      await findRow(id);
      await db.transaction().execute(async (trx) => {
        const changed = await repo.updateNewsletterIn(trx, id, ["draft"], { ...fieldsOf(data), updated_at: nowIso() });
        if (!changed) throw new ConflictError(ONLY_DRAFTS_MESSAGE);
        await recordPictureConsents(trx, id, data, actor);
        await audit.record(trx, actor, {
          action: "update",
          entity: NEWSLETTER_AUDIT_ENTITY,
          entityId: id,
          fields: Object.keys(data),
        });
      });
      return repo.toNewsletter(await findRow(id));
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await findRow(id);
      await db.transaction().execute(async (trx) => {
        // Recorded first, while the newsletter is there to give the entry its name (decision 0889).
        await audit.record(trx, actor, { action: "delete", entity: NEWSLETTER_AUDIT_ENTITY, entityId: id });
        if (!(await repo.deleteNewsletter(trx, id))) throw new ConflictError(ONLY_DRAFTS_MESSAGE);
      });
    },

    /** A draft made from a blog post: its title, excerpt, picture and text, and a button to read it on the site. */
    async fromPost(input: unknown, actor: Actor): Promise<Newsletter> {
      const { postId } = parseInput(FromPostSchema, input);
      const post = await deps.blogs.get(postId);
      return create(
        {
          subject: post.title.slice(0, 150),
          previewText: post.excerpt.slice(0, 200),
          content: post.content,
          imageUrl: post.imageUrl,
          buttonLabel: "Read on our website",
          buttonUrl: `/blog/${post._id}`,
          inArchive: true,
        },
        actor,
      );
    },

    /**
     * The e-mail as a subscriber will get it (HTML and text); `?lang=am`: as an Amharic subscriber
     * will (the English one when there is no Amharic version).
     */
    async preview(id: string, query: unknown = {}) {
      const { lang } = parseInput(PreviewQuerySchema, query ?? {});
      const newsletter = repo.toNewsletter(await findRow(id));
      const mail = forRecipient((await render(newsletter, { locale: lang })).email, "preview", links);
      return { subject: mail.subject, html: mail.html ?? "", text: mail.text };
    },

    /**
     * Sends one copy to the staff member asking, marked as a test; with an Amharic version, one of
     * each version (docs/decisions/0884).
     */
    async sendTest(id: string, actor: Actor): Promise<{ to: string }> {
      if (!email.enabled) throw new ServiceUnavailableError(MAIL_NOT_SET_UP_MESSAGE);
      const newsletter = repo.toNewsletter(await findRow(id));
      const versions: Locale[] = hasAmharicVersion(newsletter) ? ["en", "am"] : ["en"];
      const mails: QueuedEmail[] = [];
      for (const locale of versions)
        mails.push(forRecipient((await render(newsletter, { locale })).email, "test", links));
      await db.transaction().execute(async (trx) => {
        for (const mail of mails) {
          await email.send(trx, actor.email, { subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html });
        }
        await audit.record(trx, actor, {
          action: "send",
          entity: NEWSLETTER_AUDIT_ENTITY,
          entityId: id,
          values: { step: "test" },
        });
      });
      email.wake();
      return { to: actor.email };
    },

    /**
     * What staff are asked before sending or scheduling (docs/decisions/0750): the subject and how
     * many confirmed subscribers a send started now would go to, counted in SQL like the send's freeze.
     */
    async audience(id: string, query: unknown = {}): Promise<NewsletterAudience> {
      const newsletter = repo.toNewsletter(await findRow(id));
      const { lapsedYear } = parseInput(AudienceQuerySchema, query ?? {});
      const year = lapsedYear ?? null;
      return {
        subject: newsletter.subject,
        recipients: await repo.countAudience(db, year),
        ...(lapsedYear !== undefined ? { lapsedYear } : {}),
        // With an Amharic version, how many get it (docs/decisions/0884).
        ...(hasAmharicVersion(newsletter) ? { amharic: await repo.countAudience(db, year, "am") } : {}),
      };
    },

    /**
     * Sends now (recipients frozen at once) or at `at` (frozen when it starts). A draft only; refused
     * without e-mail, without confirmed subscribers, or while a picture may not be shown.
     */
    async send(id: string, input: unknown, actor: Actor): Promise<Newsletter> {
      if (!email.enabled) throw new ServiceUnavailableError(MAIL_NOT_SET_UP_MESSAGE);
      const { at, lapsedYear } = parseInput(ScheduleSchema, input);
      const row = await findRow(id);
      // A breach's letter goes to the people it affects, from the breach register, never to the list.
      if (await repo.isBreachLetter(db, id)) throw new ConflictError(BREACH_LETTER_MESSAGE);
      const runAt = at ? new Date(at) : clock();
      const later = runAt.getTime() > clock().getTime() + 30_000;
      if (at && !later)
        throw new ValidationError("Choose a time in the future.", { at: "Choose a time in the future." });
      if ((await repo.countAudience(db, lapsedYear ?? null)) === 0) throw new ValidationError(NO_RECIPIENTS_MESSAGE);
      const attempt = Number(row.send_attempt) + 1;
      await db.transaction().execute(async (trx) => {
        await deps.consent.assertMaySend(trx, picturesOf(repo.toNewsletter(row)));
        const audience_year = lapsedYear ?? null;
        const patch = later
          ? { state: "scheduled" as const, scheduled_at: runAt.toISOString(), send_attempt: attempt, audience_year }
          : {
              state: "sending" as const,
              send_started_at: nowIso(),
              scheduled_at: null,
              send_attempt: attempt,
              audience_year,
            };
        if (!(await repo.updateNewsletterIn(trx, id, ["draft"], { ...patch, updated_at: nowIso() }))) {
          throw new ConflictError(ONLY_DRAFTS_MESSAGE);
        }
        if (!later)
          await repo.updateNewsletterIn(trx, id, ["sending"], { recipients: await repo.freezeRecipients(trx, id) });
        const payload: SendJobPayload = { id, attempt };
        await jobs.enqueue(trx, { type: NEWSLETTER_SEND_JOB, payload, key: `newsletter:${id}:${attempt}`, runAt });
        await audit.record(trx, actor, {
          action: "send",
          entity: NEWSLETTER_AUDIT_ENTITY,
          entityId: id,
          values: {
            ...(later ? { step: "scheduled", at: runAt.toISOString() } : {}),
            ...(lapsedYear !== undefined ? { lapsedYear } : {}),
          },
        });
      });
      jobs.wake();
      return repo.toNewsletter(await findRow(id));
    },

    /** A scheduled newsletter goes back to being a draft; its job finds a newer attempt and does nothing. */
    async cancel(id: string, actor: Actor): Promise<Newsletter> {
      const row = await findRow(id);
      await db.transaction().execute(async (trx) => {
        const patch = { state: "draft" as const, scheduled_at: null, send_attempt: Number(row.send_attempt) + 1 };
        if (!(await repo.updateNewsletterIn(trx, id, ["scheduled"], patch))) {
          throw new ConflictError("Only a scheduled newsletter can be cancelled.");
        }
        await audit.record(trx, actor, {
          action: "send",
          entity: NEWSLETTER_AUDIT_ENTITY,
          entityId: id,
          values: { step: "cancelled" },
        });
      });
      return repo.toNewsletter(await findRow(id));
    },

    /** Lists or unlists a newsletter on the public archive (any time, also after it was sent). */
    async setInArchive(id: string, inArchive: boolean, actor: Actor): Promise<Newsletter> {
      const row = await findRow(id);
      await db.transaction().execute(async (trx) => {
        await repo.updateNewsletterIn(trx, id, [row.state], { in_archive: inArchive ? 1 : 0 });
        await audit.record(trx, actor, {
          action: "update",
          entity: NEWSLETTER_AUDIT_ENTITY,
          entityId: id,
          fields: ["inArchive"],
          values: { inArchive },
        });
      });
      if (row.state === "sent") await deps.purgePublicCaches();
      return repo.toNewsletter(await findRow(id));
    },

    /**
     * Sent newsletters on the public archive, newest first, each as a reader of `locale` sees it (its
     * version in that language when there is one; `lang` says which, docs/decisions/0884).
     */
    archive: async (locale: Locale = "en") =>
      (await repo.listArchive(db)).map((row) => shownIn(repo.toNewsletter(row), locale)),

    /**
     * One archived newsletter as a reader of `locale` sees it: its version in that language when there
     * is one, else the English (`lang` says which; docs/decisions/0884). NotFoundError when not archived.
     */
    async archived(id: string, locale: Locale = "en"): Promise<Newsletter & { lang: Locale }> {
      const newsletter = repo.toNewsletter(await findRow(id));
      if (newsletter.state !== "sent" || !newsletter.inArchive) throw new NotFoundError(NEWSLETTER_NOT_FOUND_MESSAGE);
      const shown = shownIn(newsletter, locale);
      return { ...shown, content: sanitize(shown.content) };
    },

    /**
     * A picture for the newsletter editor, through the one media pipeline (variants and all). It
     * belongs to no newsletter until one's text shows it; until then the leftover sweep may remove it
     * after an hour.
     */
    async uploadImage(input: ImageInput, actor: Actor): Promise<StoredImage> {
      const image = await deps.media.storeImage(input, { folder: NEWSLETTER_FOLDER });
      await audit.record(db, actor, { action: "create", entity: "newsletter-image", entityId: image.url });
      return image;
    },
  };
}
