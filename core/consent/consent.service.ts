import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import type { MediaService } from "../media/media.service.ts";
import { parseStoredImage } from "../media/stored-image.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { dateToZonedLocal } from "../shared/site-time.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./consent.repository.ts";
import {
  CONSENT_LABELS,
  CONSENT_MESSAGES,
  type ConsentAttention,
  ConsentInputSchema,
  type ImageConsent,
  publishRefusal,
} from "./consent.schema.ts";

/** How the audit log names a consent record. */
export const CONSENT_AUDIT_ENTITY = "image-consent";
export const CONSENT_EXPIRY_JOB = "consent-expiry";
const DAY_MS = 24 * 3600_000;
/** The dashboard lists consent that ends within this many days. */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * Consent for every uploaded image (issue #14, docs/decisions/0301-image-consent.md): recorded per
 * image, checked before an item goes public, withdrawn in one action (files, public traces, the
 * item unpublished when it has no other image), and withdrawn by a job when it expires.
 */
export function createConsentService(
  db: Db,
  clock: Clock,
  audit: Audit,
  media: MediaService,
  purgePublicCaches: PurgePublicCaches,
) {
  const today = (offsetDays = 0) =>
    dateToZonedLocal(new Date(clock().getTime() + offsetDays * DAY_MS).toISOString()).slice(0, 10);

  async function withdrawImage(url: string, actor: Actor): Promise<{ unpublished: string[] }> {
    const owners = await repo.imagesWithOwners(db, { url });
    if (owners.length === 0) throw new NotFoundError(CONSENT_MESSAGES.notFound);
    const now = clock().toISOString();
    const unpublished = await db.transaction().execute(async (trx) => {
      const taken: string[] = [];
      for (const owner of owners) {
        const left = owner.galleryImageId ? await repo.removeGalleryImage(trx, owner.galleryImageId, owner.id) : 0;
        if (left === 0 && owner.status !== "draft") {
          await repo.unpublishItem(trx, owner.entity, owner.id, now);
          taken.push(owner.id);
        }
        await audit.record(trx, actor, {
          action: "update",
          entity: owner.entity,
          entityId: owner.id,
          fields: ["image"],
          values: { consent: "withdrawn", ...(left === 0 ? { status: "draft" } : {}) },
        });
      }
      await repo.deleteConsent(trx, url);
      return taken;
    });
    // Purged before the files go, so no instance keeps serving a page that shows them.
    await purgePublicCaches();
    for (const owner of owners) await media.removeImage(parseStoredImage(owner.variants, owner.url));
    return { unpublished };
  }

  return {
    async get(url: string): Promise<ImageConsent | null> {
      return (await repo.findConsents(db, [url])).get(url) ?? null;
    },

    /** Records (or replaces) the consent of one uploaded image. */
    async record(body: unknown, actor: Actor): Promise<ImageConsent> {
      const input = parseInput(ConsentInputSchema, body);
      const owners = await repo.imagesWithOwners(db, { url: input.imageUrl });
      if (owners.length === 0) throw new NotFoundError(CONSENT_MESSAGES.notFound);
      const consent: ImageConsent = {
        imageUrl: input.imageUrl,
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
      await db.transaction().execute(async (trx) => {
        await repo.upsertConsent(trx, consent);
        await audit.record(trx, actor, {
          action: "update",
          entity: CONSENT_AUDIT_ENTITY,
          entityId: owners[0]?.id ?? null,
          fields: ["consent"],
          values: { basis: consent.basis, minor: consent.minor },
        });
      });
      return consent;
    },

    /** Withdraws consent: the image leaves every page, answer, feed and cache, and its files are deleted. */
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
    async assertPublishable(trx: Db, urls: readonly string[]): Promise<void> {
      const consents = await repo.findConsents(trx, urls);
      for (const [index, url] of urls.entries()) {
        const why = publishRefusal(consents.get(url));
        if (!why) continue;
        const message = `Image ${index + 1} ${why}: record its consent, or keep the item a draft.`;
        throw new ValidationError(message, { status: message });
      }
    },

    /** For the dashboard: public images with no consent recorded, and consent ending within 30 days. */
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
        const reason = expiring.has(image.url)
          ? "expiring"
          : !consent && image.status === "published"
            ? "not-recorded"
            : null;
        if (!reason) continue;
        items.push({
          imageUrl: image.url,
          entity: image.entity,
          entityId: image.id,
          title: image.title,
          reason,
          expiresOn: consent?.expiresOn ?? null,
        });
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
