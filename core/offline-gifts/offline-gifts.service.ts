import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import { attributionColumns, attributionOfInput } from "../campaigns/attribution.ts";
import { UNKNOWN_FUND_MESSAGE } from "../funds/funds.schema.ts";
import { inReportingCurrency, toMajorText } from "../money/money.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError, NotFoundError, ValidationError } from "../shared/errors.ts";
import { isBotSubmission } from "../shared/honeypot.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./offline-gifts.repository.ts";
import {
  OFFLINE_GIFT_MESSAGES,
  type OfflineGift,
  type OfflineGiftInput,
  OfflineGiftInputSchema,
  type Pledge,
  PledgeConfirmSchema,
  PledgeInputSchema,
} from "./offline-gifts.schema.ts";

export const OFFLINE_GIFT_AUDIT_ENTITY = "offline-gift";
export const PLEDGE_AUDIT_ENTITY = "pledge";

export interface OfflineGiftsDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  purgePublicCaches: PurgePublicCaches;
  /** The title of an open fund (core/funds). */
  fundTitle: (id: string) => Promise<string | undefined>;
  /**
   * Called in the transaction that records or changes a gift (receipts hook in here: a gift that has
   * an e-mail address and no receipt gets one, also when the address is added later).
   */
  onGiftRecorded?: (trx: Db, gift: OfflineGift) => Promise<void>;
  /** Called in the transaction that deletes a gift: its receipt is voided; answers its number, if any. */
  onGiftDeleted?: (trx: Db, giftId: string) => Promise<string | undefined>;
}

/**
 * Gifts that reached the bank or the office without the card checkout, recorded by staff, and the
 * transfer notices donors send from the pop-up, which staff confirm into gifts (docs/decisions/0322-offline-gifts-and-pledges.md).
 */
export function createOfflineGiftsService(deps: OfflineGiftsDeps) {
  const { db, clock, audit } = deps;
  const nowIso = () => clock().toISOString();

  /** A fund must be an open card, unless the gift already had it (its card may have gone since). */
  async function checkFund(fund: string | null, kept: string | null = null): Promise<void> {
    if (fund && fund !== kept && !(await deps.fundTitle(fund))) {
      throw new ValidationError(UNKNOWN_FUND_MESSAGE, { fund: UNKNOWN_FUND_MESSAGE });
    }
  }

  const usdCentsOf = (input: Pick<OfflineGiftInput, "amountMinor" | "currency" | "etbPerUsd">) =>
    inReportingCurrency({ minor: input.amountMinor, currency: input.currency }, input.etbPerUsd);

  function rowOf(input: OfflineGiftInput, actor: Actor, at: string) {
    return {
      received_on: input.receivedOn,
      method: input.method,
      amount_minor: input.amountMinor,
      currency: input.currency,
      etb_per_usd: input.etbPerUsd,
      usd_cents: usdCentsOf(input),
      fund_id: input.fund,
      donor_name: input.donorName,
      donor_email: input.donorEmail,
      reference: input.reference,
      note: input.note,
      updated_at: at,
      updated_by: actor.email,
    };
  }

  async function insert(trx: Db, input: OfflineGiftInput, actor: Actor, pledgeId: string | null) {
    const at = nowIso();
    const id = newId();
    await repo.insertGift(trx, {
      id,
      ...rowOf(input, actor, at),
      pledge_id: pledgeId,
      created_at: at,
      created_by: actor.email,
      deleted_at: null,
      deleted_by: null,
    });
    const gift = (await repo.findGift(trx, id)) as OfflineGift;
    // A confirmed pledge is one staff action, recorded once as the pledge's decision (naming the gift).
    if (!pledgeId) {
      await audit.record(trx, actor, {
        action: "create",
        entity: OFFLINE_GIFT_AUDIT_ENTITY,
        entityId: id,
        values: { currency: input.currency, method: input.method },
      });
    }
    await deps.onGiftRecorded?.(trx, gift);
    return gift;
  }

  /** The fields staff edit, named as the form names them, for the audit's list of what changed. */
  const comparable = (
    gift: Omit<
      OfflineGift,
      "_id" | "usdCents" | "pledgeId" | "receiptId" | "createdAt" | "createdBy" | "updatedAt" | "updatedBy"
    >,
  ) => ({
    receivedOn: gift.receivedOn,
    method: gift.method,
    amount: gift.amountMinor,
    currency: gift.currency,
    etbPerUsd: gift.etbPerUsd,
    fund: gift.fundId,
    donorName: gift.donorName,
    donorEmail: gift.donorEmail,
    reference: gift.reference,
    note: gift.note,
  });
  const asGift = (input: OfflineGiftInput) => ({ ...input, fundId: input.fund });

  const giftId = (id: string) => {
    if (!isRecordId(id)) throw new NotFoundError(OFFLINE_GIFT_MESSAGES.notFound);
    return id;
  };

  return {
    list: (): Promise<OfflineGift[]> => repo.listGifts(db),

    async create(body: unknown, actor: Actor): Promise<OfflineGift> {
      const input = parseInput(OfflineGiftInputSchema, body);
      await checkFund(input.fund);
      const gift = await db.transaction().execute((trx) => insert(trx, input, actor, null));
      await deps.purgePublicCaches();
      return gift;
    },

    async update(id: string, body: unknown, actor: Actor): Promise<OfflineGift> {
      const existing = await repo.findGift(db, giftId(id));
      if (!existing) throw new NotFoundError(OFFLINE_GIFT_MESSAGES.notFound);
      const input = parseInput(OfflineGiftInputSchema, body);
      await checkFund(input.fund, existing.fundId);
      const updated = await db.transaction().execute(async (trx) => {
        if (!(await repo.updateGift(trx, id, rowOf(input, actor, nowIso())))) {
          throw new NotFoundError(OFFLINE_GIFT_MESSAGES.notFound);
        }
        await audit.record(trx, actor, {
          action: "update",
          entity: OFFLINE_GIFT_AUDIT_ENTITY,
          entityId: id,
          fields: fieldsChanged(comparable(existing), comparable(asGift(input))),
        });
        const gift = (await repo.findGift(trx, id)) as OfflineGift;
        await deps.onGiftRecorded?.(trx, gift);
        return gift;
      });
      await deps.purgePublicCaches();
      return updated;
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deletion = { at: nowIso(), by: actor.email };
        if (!(await repo.deleteGift(trx, giftId(id), deletion)))
          throw new NotFoundError(OFFLINE_GIFT_MESSAGES.notFound);
        // Its receipt keeps its number, void: the year's numbers stay without gaps.
        const voided = await deps.onGiftDeleted?.(trx, id);
        await audit.record(trx, actor, {
          action: "delete",
          entity: OFFLINE_GIFT_AUDIT_ENTITY,
          entityId: id,
          ...(voided && { values: { voidedReceipt: voided } }),
        });
      });
      await deps.purgePublicCaches();
    },

    /** A donor's notice of a transfer (public form): a pending pledge; a bot's is answered alike and dropped. */
    async pledge(body: unknown): Promise<{ message: string }> {
      const input = parseInput(PledgeInputSchema, body);
      if (!isBotSubmission(input)) {
        await repo.insertPledge(db, {
          id: newId(),
          donor_name: input.name,
          donor_email: input.email,
          amount_minor: input.amountMinor,
          currency: input.currency,
          transferred_on: input.transferredOn,
          bank_reference: input.bankReference,
          status: "pending",
          created_at: nowIso(),
          decided_at: null,
          decided_by: null,
          // The optional `attribution` beside the notice's fields, as the checkout and the sign-up take it.
          ...attributionColumns(attributionOfInput(body)),
        });
      }
      return { message: OFFLINE_GIFT_MESSAGES.pledgeThanks };
    },

    listPledges: (): Promise<Pledge[]> => repo.listPledges(db),

    /** The money showed in the bank statement: the pledge becomes an offline gift, once. */
    async confirmPledge(id: string, body: unknown, actor: Actor): Promise<OfflineGift> {
      const pledge = await pendingPledge(id);
      const confirm = parseInput(PledgeConfirmSchema, body);
      const input = parseInput(OfflineGiftInputSchema, {
        receivedOn: confirm.receivedOn,
        method: "bank-transfer",
        amount: toMajorText(pledge.amountMinor, pledge.currency),
        currency: pledge.currency,
        etbPerUsd: confirm.etbPerUsd,
        fund: confirm.fund,
        donorName: pledge.donorName,
        donorEmail: pledge.donorEmail,
        reference: pledge.bankReference,
        note: confirm.note,
      });
      await checkFund(input.fund);
      const gift = await db.transaction().execute(async (trx) => {
        const recorded = await insert(trx, input, actor, pledge._id);
        await decide(trx, pledge, "confirmed", actor, recorded._id);
        return recorded;
      });
      await deps.purgePublicCaches();
      return gift;
    },

    async dismissPledge(id: string, actor: Actor): Promise<void> {
      const pledge = await pendingPledge(id);
      await db.transaction().execute((trx) => decide(trx, pledge, "dismissed", actor));
    },
  };

  async function pendingPledge(id: string): Promise<Pledge> {
    const pledge = isRecordId(id) ? await repo.findPledge(db, id) : undefined;
    if (!pledge) throw new NotFoundError(OFFLINE_GIFT_MESSAGES.pledgeNotFound);
    if (pledge.status !== "pending") throw new ConflictError(OFFLINE_GIFT_MESSAGES.pledgeDecided);
    return pledge;
  }

  async function decide(trx: Db, pledge: Pledge, status: "confirmed" | "dismissed", actor: Actor, giftId?: string) {
    if (!(await repo.decidePledge(trx, pledge._id, { status, at: nowIso(), by: actor.email }))) {
      throw new ConflictError(OFFLINE_GIFT_MESSAGES.pledgeDecided);
    }
    await audit.record(trx, actor, {
      action: "status",
      entity: PLEDGE_AUDIT_ENTITY,
      entityId: pledge._id,
      values: { status, ...(giftId && { gift: giftId }) },
    });
  }
}
