import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { EmailService } from "../email/email.service.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import type { TributeKind } from "./donations.schema.ts";
import { tributeCardMail } from "./tribute-card.ts";
import * as repo from "./tributes.repository.ts";

/** What the checkout call may carry besides the gift (docs/decisions/0780, 0781), already parsed. */
export interface GiftExtras {
  tribute?:
    | {
        kind: TributeKind;
        name: string;
        notifyName?: string | null | undefined;
        notifyEmail?: string | null | undefined;
        showAmount?: boolean | null | undefined;
      }
    | null
    | undefined;
  wall?:
    | { show: boolean; displayName?: string | null | undefined; message?: string | null | undefined }
    | null
    | undefined;
}

const trimmed = (text: string | null | undefined): string | null => text?.trim() || null;

/** Stores a checkout's tribute and wall consent with its pending donation, in its transaction. */
export async function saveGiftExtras(trx: Db, donationId: string, extras: GiftExtras, now: string): Promise<void> {
  const { tribute, wall } = extras;
  if (tribute) {
    const notifyEmail = trimmed(tribute.notifyEmail);
    await repo.insertTribute(trx, {
      donation_id: donationId,
      kind: tribute.kind,
      name: tribute.name.trim(),
      notify_name: notifyEmail ? trimmed(tribute.notifyName) : null,
      notify_email: notifyEmail,
      show_amount: tribute.showAmount ? 1 : 0,
      created_at: now,
    });
  }
  // Off unless the donor said yes: no row, nothing on the wall.
  if (wall?.show === true) {
    await repo.insertWallEntry(trx, {
      donation_id: donationId,
      display_name: trimmed(wall.displayName),
      message: trimmed(wall.message),
      created_at: now,
    });
  }
}

/**
 * Queues the tribute card of a gift that has just been paid, in the payment event's transaction:
 * the claim and the queued e-mail commit together, so it goes once, even after a crash or a replay.
 */
export async function queueTributeCard(
  trx: Db,
  donationId: string,
  { email, siteUrl, now }: { email: EmailService | undefined; siteUrl: string; now: string },
): Promise<boolean> {
  if (!email) return false;
  if (!(await repo.claimCard(trx, donationId, now))) return false;
  const card = await repo.cardOf(trx, donationId);
  if (!card?.notify_email) return false;
  const mail = await tributeCardMail({
    kind: card.kind as TributeKind,
    name: card.name,
    notifyName: card.notify_name,
    donorName: card.donor_name,
    showAmount: Number(card.show_amount) === 1,
    amountCents: Number(card.amount_cents),
    currency: card.currency,
    locale: card.locale,
    siteUrl,
  });
  await email.send(trx, card.notify_email, mail);
  return true;
}

export const WALL_STATES = ["pending", "approved", "hidden"] as const;
export type WallState = (typeof WALL_STATES)[number];
export const WALL_AUDIT_ENTITY = "donor-wall";
export const WALL_STATE_MESSAGE = "Choose approved or hidden.";

/** One name on the public wall: plain text, escaped wherever it is shown. */
export interface Supporter {
  /** null: "Anonymous". */
  name: string | null;
  message: string | null;
  /** The day the gift was paid (yyyy-MM-dd). */
  date: string;
}

/** One wall entry as staff moderate it. */
export interface WallEntry {
  _id: string;
  displayName: string | null;
  message: string | null;
  state: WallState;
  donorName: string | null;
  fundId: string | null;
  paidAt: string | null;
  moderatedAt: string | null;
}

export function createDonorWall({
  db,
  audit,
  clock,
  purgePublicCaches,
}: {
  db: Db;
  audit: Audit;
  clock: () => Date;
  /** The public wall changes with a decision: its cached pages are purged. */
  purgePublicCaches?: (() => Promise<void>) | undefined;
}) {
  return {
    /** The public wall: approved entries of paid gifts, newest first, a page at a time. */
    async supporters({
      page,
      pageSize,
      fund,
    }: {
      page: number;
      pageSize: number;
      fund?: string | undefined;
    }): Promise<{ items: Supporter[]; total: number }> {
      const { rows, total } = await repo.approvedWall(db, {
        ...(fund ? { fund } : {}),
        offset: (Math.max(1, page) - 1) * pageSize,
        limit: pageSize,
      });
      return {
        items: rows.map((row) => ({
          name: row.display_name,
          message: row.message,
          date: String(row.paid_at).slice(0, 10),
        })),
        total,
      };
    },

    async forStaff(): Promise<WallEntry[]> {
      const rows = await repo.wallForStaff(db);
      return rows.map((row) => ({
        _id: row.donation_id,
        displayName: row.display_name,
        message: row.message,
        state: row.state as WallState,
        donorName: row.donor_name,
        fundId: row.fund_id,
        paidAt: row.paid_at,
        moderatedAt: row.moderated_at,
      }));
    },

    /** Staff approve or hide an entry; audited with the state it had. */
    async moderate(donationId: string, state: unknown, actor: Actor): Promise<void> {
      if (state !== "approved" && state !== "hidden") {
        throw new ValidationError(WALL_STATE_MESSAGE, { state: WALL_STATE_MESSAGE });
      }
      await db.transaction().execute(async (trx) => {
        const before = await repo.setWallState(trx, donationId, state, clock().toISOString());
        if (before === undefined) throw new NotFoundError("No such entry on the donor wall.");
        await audit.record(trx, actor, {
          action: "status",
          entity: WALL_AUDIT_ENTITY,
          entityId: donationId,
          values: { state, before },
        });
      });
      await purgePublicCaches?.();
    },
  };
}
