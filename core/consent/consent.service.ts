import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import type { MediaService } from "../media/media.service.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { dateToZonedLocal } from "../shared/site-time.ts";
import { parseInput } from "../shared/validation.ts";
import { IMAGES } from "../site-content/illustrations.ts";
import { SITE_CONTENT_KIND } from "../site-content/site-content.kind.ts";
import { withoutPicture } from "../site-content/site-content.pictures.ts";
import { rewriteSnapshots } from "../versions/versions.ts";
import * as repo from "./consent.repository.ts";
import {
  CONSENT_LABELS,
  CONSENT_MESSAGES,
  type ConsentAttention,
  type ConsentFields,
  ConsentFieldsSchema,
  ConsentInputSchema,
  type ImageConsent,
  publishRefusal,
  type UndescribedImage,
} from "./consent.schema.ts";

/** What a post or publication shows in the admin once its picture is withdrawn: a drawing, no person. */
const STAND_IN = { url: IMAGES.story.url, variants: serializeStoredImage(IMAGES.story) };

/** What a withdrawn video's consent becomes: it may not be shown until consent is recorded anew. */
const WITHDRAWN: ConsentFields = {
  basis: "not-yet",
  minor: false,
  byGuardian: false,
  givenBy: undefined,
  formReference: undefined,
};

/** How a refusal names an image: "Image 2", "The video", "The picture at board.1.image". */
export interface ImageLabel {
  name: string;
  /** The form field the message belongs on. */
  field: string;
}

/**
 * Consent sent with an item write or upload: a JSON object (or its JSON text, from a multipart
 * form), or nothing. Ours and optional; spec clients send none.
 */
export function consentFieldsOf(value: unknown, field = "imageConsent"): ConsentFields | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ValidationError(CONSENT_MESSAGES.basis, { [field]: CONSENT_MESSAGES.basis });
    }
  }
  const result = ConsentFieldsSchema.safeParse(parsed);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? CONSENT_MESSAGES.basis;
  throw new ValidationError(message, { [`${field}.${String(issue?.path[0] ?? "basis")}`]: message, [field]: message });
}

/** How the audit log names a consent record. */
export const CONSENT_AUDIT_ENTITY = "image-consent";
export const CONSENT_EXPIRY_JOB = "consent-expiry";
const DAY_MS = 24 * 3600_000;
/** The dashboard lists consent that ends within this many days. */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * Consent for every uploaded image (docs/decisions/0301-image-consent.md): recorded per
 * image, checked before an item goes public, withdrawn in one action (files, public traces, the
 * item unpublished when it has no other image), and withdrawn by a job when it expires.
 */
export interface ConsentServiceDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  media: MediaService;
  purgePublicCaches: PurgePublicCaches;
}

export function createConsentService({ db, clock, audit, media, purgePublicCaches }: ConsentServiceDeps) {
  /** The calendar date in the organisation's time zone (Africa/Addis_Ababa), `offsetDays` from now. */
  const today = (offsetDays = 0) =>
    dateToZonedLocal(new Date(clock().getTime() + offsetDays * DAY_MS).toISOString()).slice(0, 10);

  function consentOf(url: string, input: ConsentFields, actor: Actor): ImageConsent {
    return {
      imageUrl: url,
      basis: input.basis,
      minor: input.minor,
      byGuardian: input.basis === "on-file" && input.byGuardian,
      givenBy: input.givenBy ?? null,
      givenOn: input.givenOn ?? null,
      expiresOn: input.expiresOn ?? null,
      formReference: input.formReference ?? null,
      recordedAt: clock().toISOString(),
      recordedBy: actor.email,
    };
  }

  /** Writes a consent and its audit entry (never the picture, never the person's name). */
  async function recordIn(trx: Db, url: string, input: ConsentFields, actor: Actor, entityId: string | null) {
    const consent = consentOf(url, input, actor);
    await repo.upsertConsent(trx, consent);
    await audit.record(trx, actor, {
      action: "update",
      entity: CONSENT_AUDIT_ENTITY,
      entityId,
      fields: ["consent"],
      values: { basis: consent.basis, minor: consent.minor },
    });
    return consent;
  }

  /** Why an e-mail may not show a picture with this consent (or none), or null when it may. */
  const sendRefusal = (consent: ImageConsent | undefined) =>
    consent ? publishRefusal(consent, today()) : "has no consent recorded";

  async function withdrawImage(url: string, actor: Actor): Promise<{ unpublished: string[] }> {
    const owners = await repo.imagesWithOwners(db, { url });
    if (owners.length === 0) throw new NotFoundError(CONSENT_MESSAGES.notFound);
    const now = clock().toISOString();
    const isVideo = owners.every((owner) => owner.entity === "video");
    const unpublished = await db.transaction().execute(async (trx) => {
      const taken: string[] = [];
      const sections = new Set<string>();
      for (const owner of owners) {
        if (owner.entity === "site-content") {
          // The section keeps its place with a drawn stand-in, in every draft, public copy and kept version.
          sections.add(owner.id);
          continue;
        }
        // Below: newsletters (with those that copied a post's picture) and the e-mail series' steps.
        if (owner.entity === "newsletter" || owner.entity === "email-series-step") continue;
        const left = owner.galleryImageId ? await repo.removeGalleryImage(trx, owner.galleryImageId, owner.id) : 0;
        if (owner.entity === "blog" || owner.entity === "publication") {
          await repo.standInForItemImage(trx, owner.entity, owner.id, STAND_IN);
        }
        if (left === 0 && owner.status !== "draft") {
          await repo.unpublishItem(trx, owner.entity, owner.id, now);
          taken.push(owner.id);
        }
        await audit.record(trx, actor, {
          action: "update",
          entity: owner.entity,
          entityId: owner.id,
          fields: [owner.entity === "video" ? "video" : "image"],
          values: { consent: "withdrawn", ...(left === 0 ? { status: "draft" } : {}) },
        });
      }
      // A sent newsletter's archive page (and the e-mails still to go) would still show the picture.
      for (const newsletter of await repo.removeNewsletterPicture(trx, url, now)) {
        await audit.record(trx, actor, {
          action: "update",
          entity: "newsletter",
          entityId: newsletter,
          fields: ["imageUrl"],
          values: { consent: "withdrawn" },
        });
      }
      // A switched-on step would send it to every donor welcomed from now on.
      for (const step of await repo.removeEmailSeriesPicture(trx, url, now)) {
        await audit.record(trx, actor, {
          action: "update",
          entity: "email-series-step",
          entityId: step,
          fields: ["content"],
          values: { consent: "withdrawn" },
        });
      }
      if (sections.size > 0) {
        await rewriteSnapshots(trx, SITE_CONTENT_KIND, (snapshot, section) => withoutPicture(section, snapshot, url));
      }
      for (const section of sections) {
        await audit.record(trx, actor, {
          action: "update",
          entity: "site-content",
          entityId: section,
          fields: ["image"],
          values: { consent: "withdrawn" },
        });
      }
      // A video's files are YouTube's: what we keep is that it may not be shown again until consent
      // is recorded anew. An image's files are deleted, and its record with them.
      if (isVideo) await recordIn(trx, url, WITHDRAWN, actor, null);
      else await repo.deleteConsent(trx, url);
      return taken;
    });
    // Purged before the files go, so no instance keeps serving a page that shows them.
    await purgePublicCaches();
    for (const owner of owners) {
      if (owner.variants !== null) await media.removeImage(parseStoredImage(owner.variants, owner.url));
    }
    return { unpublished };
  }

  return {
    async get(url: string): Promise<ImageConsent | null> {
      return (await repo.findConsents(db, [url])).get(url) ?? null;
    },

    /** Records (or replaces) the consent of one uploaded image. */
    async record(body: unknown, actor: Actor): Promise<ImageConsent> {
      const { imageUrl, ...input } = parseInput(ConsentInputSchema, body);
      const owners = await repo.imagesWithOwners(db, { url: imageUrl });
      if (owners.length === 0) throw new NotFoundError(CONSENT_MESSAGES.notFound);
      return db.transaction().execute((trx) => recordIn(trx, imageUrl, input, actor, owners[0]?.id ?? null));
    },

    /**
     * Records consent sent with an item write or an upload (`imageConsent`), in that write's
     * transaction, so the publish guard of the same write sees it.
     */
    recordIn,

    /** The ConsentRecorder of core/versions' scheduling: consent sent with an item write, if any. */
    async recordSent(trx: Db, image: { url: string; sent: unknown; field: string }, actor: Actor, entityId: string) {
      const fields = consentFieldsOf(image.sent, image.field);
      if (fields) await recordIn(trx, image.url, fields, actor, entityId);
    },

    /**
     * Withdraws consent: the image leaves every page, answer, feed, newsletter and cache, and its files
     * are deleted.
     */
    async withdraw(body: unknown, actor: Actor) {
      const url =
        typeof (body as { imageUrl?: unknown })?.imageUrl === "string" ? (body as { imageUrl: string }).imageUrl : "";
      if (!url) throw new ValidationError(CONSENT_MESSAGES.imageUrl, { imageUrl: CONSENT_MESSAGES.imageUrl });
      return withdrawImage(url, actor);
    },

    /**
     * Refuses to make public an item whose images include one without consent, or a child without
     * a parent's or guardian's consent; says which image (1 = the first) and why.
     */
    async assertPublishable(trx: Db, urls: readonly string[], labels?: readonly ImageLabel[]): Promise<void> {
      const consents = await repo.findConsents(trx, urls);
      for (const [index, url] of urls.entries()) {
        const why = publishRefusal(consents.get(url), today());
        if (!why) continue;
        const label =
          labels?.[index] ??
          (url.startsWith("youtube:")
            ? { name: "The video", field: "youtubeUrl" }
            : { name: `Image ${index + 1}`, field: urls.length > 1 ? `images.${index}` : "image" });
        const message = `${label.name} ${why}: record its consent, or keep ${labels ? "it" : "the item"} a draft.`;
        throw new ValidationError(message, { status: message, [label.field]: message });
      }
    },

    /**
     * Refuses to send (or schedule) a newsletter while one of its pictures may not be shown: stricter
     * than the publish guard, because an e-mail once sent cannot be taken back and no spec client
     * writes newsletters, so a picture whose consent is not recorded is refused too. Names the
     * picture. docs/decisions/0751-newsletter-pictures-through-consent.md
     */
    async assertMaySend(
      trx: Db,
      pictures: readonly { url: string; name: string; field: string }[],
      /** What the picture is to be taken out of, as the message says it. */
      from = "the newsletter",
    ): Promise<void> {
      const consents = await repo.findConsents(
        trx,
        pictures.map((picture) => picture.url),
      );
      for (const picture of pictures) {
        const why = sendRefusal(consents.get(picture.url));
        if (!why) continue;
        const message = `${picture.name} ${why}: record its consent, or take it out of ${from}.`;
        throw new ValidationError(message, { status: message, [picture.field]: message });
      }
    },

    /**
     * Of these pictures, those an e-mail may show now (the rule of `assertMaySend`): what an e-mail
     * sent long after it was written, like a step of a series, keeps; the others are left out.
     */
    async sendable(trx: Db, urls: readonly string[]): Promise<Set<string>> {
      const consents = await repo.findConsents(trx, urls);
      return new Set(urls.filter((url) => !sendRefusal(consents.get(url))));
    },

    /**
     * For the dashboard: public images with no consent recorded, consent ending within 30 days, and
     * images of any item that may not go public as they are (not yet, a child without a guardian's consent).
     */
    async attention(): Promise<ConsentAttention[]> {
      const all = await repo.imagesWithOwners(db);
      const consents = await repo.findConsents(
        db,
        all.map((image) => image.url),
      );
      const expiring = new Set(
        (await repo.consentsExpiringBefore(db, today(EXPIRING_WITHIN_DAYS + 1))).map((c) => c.imageUrl),
      );
      const items: ConsentAttention[] = [];
      for (const image of all) {
        const consent = consents.get(image.url);
        const reason: ConsentAttention["reason"] | null = expiring.has(image.url)
          ? "expiring"
          : consent?.basis === "not-yet"
            ? "not-yet"
            : consent && publishRefusal(consent, today())
              ? "minor-without-guardian"
              : !consent && image.status === "published"
                ? "not-recorded"
                : null;
        if (!reason) continue;
        items.push({
          imageUrl: image.url,
          entity: image.entity,
          entityId: image.id,
          title: image.title,
          status: image.status,
          reason,
          expiresOn: consent?.expiresOn ?? null,
        });
      }
      return items;
    },

    /**
     * For the dashboard: public pictures with neither a description nor the decorative mark, as the
     * spec's clients publish them (docs/decisions/0770-every-picture-described.md).
     */
    async undescribed(): Promise<UndescribedImage[]> {
      const all = await repo.imagesWithOwners(db, { publishedOnly: true });
      const items: UndescribedImage[] = [];
      for (const image of all) {
        // E-mails, not pages the spec's clients publish: their pictures are described in the editor,
        // and one already sent cannot be changed.
        if (image.entity === "newsletter" || image.entity === "email-series-step") continue;
        if (image.alt.trim() !== "" || image.decorative) continue;
        const position = image.galleryPosition === undefined ? null : image.galleryPosition + 1;
        items.push({ imageUrl: image.url, entity: image.entity, entityId: image.id, title: image.title, position });
      }
      return items;
    },

    labels: CONSENT_LABELS,

    /** Hourly: consent past its last day is withdrawn as a person would withdraw it. */
    expiryJob(): JobDefinition<null> {
      return {
        type: CONSENT_EXPIRY_JOB,
        everyMs: 3600_000,
        handle: async () => {
          for (const consent of await repo.consentsExpiringBefore(db, today())) {
            const owners = await repo.imagesWithOwners(db, { url: consent.imageUrl });
            if (owners.length === 0) await repo.deleteConsent(db, consent.imageUrl);
            else await withdrawImage(consent.imageUrl, SYSTEM_ACTOR);
          }
        },
      };
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
