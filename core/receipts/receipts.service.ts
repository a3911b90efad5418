import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { tributeLine } from "../donations/tribute-card.ts";
import { tributeOfPayment } from "../donations/tributes.repository.ts";
import type { EmailService } from "../email/email.service.ts";
import { renderEmail } from "../email/render-email.ts";
import { isLocale, type Locale } from "../i18n/locale.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import type { OfflineGift } from "../offline-gifts/offline-gifts.schema.ts";
import { isErasedAddress } from "../people/erased.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError, NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { zonedDate } from "../shared/site-time.ts";
import { type Organisation, receiptDocument, registrationLine } from "./receipt-content.ts";
import { renderReceiptPdf } from "./receipt-pdf.ts";
import * as repo from "./receipts.repository.ts";
import type { ReceiptTable } from "./receipts.table.ts";

export const RECEIPT_JOB = "receipt";
export const RECEIPT_AUDIT_ENTITY = "receipt";
export const VOID_RECEIPT_MESSAGE = "This receipt is void (its gift was deleted), so it is not sent again.";

/** A void receipt as staff see it. */
export interface VoidReceipt {
  _id: string;
  number: string;
  donorEmail: string;
  donorName: string | null;
  giftDate: string;
  amountMinor: number;
  currency: string;
  voidedAt: string;
  /** Who deleted the gift. */
  voidedBy: string | null;
}

export interface ReceiptsDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  email: EmailService;
  audit: Audit;
  /** The charity's name, address and contact address, as the site content has them at send time. */
  organisation: () => Promise<Organisation>;
  fundTitle: (id: string) => Promise<string | undefined>;
  /** A fund's thank-you message in a language (docs/decisions/0840); none when staff wrote none. */
  fundMessage?: ((id: string, locale: string) => Promise<{ text: string } | undefined>) | undefined;
  /** Stripe's customer portal, where a monthly donor changes or stops the gift; none: reply by e-mail. */
  portalUrl?: string | undefined;
}

type NewReceipt = Omit<Insertable<ReceiptTable>, "id" | "number" | "year" | "issued_at" | "sent_count" | "voided_at">;

/**
 * Donor receipts (docs/decisions/0323-receipts.md). A receipt is issued, with the next number of its year, in the
 * transaction that records the money; a `receipt` job then renders it (PDF attached) and queues the
 * e-mail through core/email. A resend queues the same receipt again.
 */
export function createReceiptsService(deps: ReceiptsDeps) {
  const { db, clock, jobs, email, audit } = deps;

  const receiptJob: JobDefinition<{ receiptId: string }> = {
    type: RECEIPT_JOB,
    async handle({ receiptId }) {
      const receipt = await repo.findReceipt(db, receiptId);
      if (!receipt || receipt.voided_at) return; // its gift was deleted before it went out
      if (isErasedAddress(receipt.donor_email)) return; // its donor asked to be erased: kept, never sent
      const { subject, text, html, pdf } = await render(receipt);
      await db.transaction().execute(async (trx) => {
        await repo.countSend(trx, receipt.id);
        await email.send(trx, receipt.donor_email, {
          subject,
          text,
          ...(html && { html }),
          attachments: [
            {
              filename: `receipt-${receipt.number}.pdf`,
              contentType: "application/pdf",
              base64: pdf.toString("base64"),
            },
          ],
        });
      });
      email.wake();
    },
  };

  async function render(receipt: Selectable<ReceiptTable>) {
    const organisation = await deps.organisation();
    const fundTitle = receipt.fund_id ? ((await deps.fundTitle(receipt.fund_id)) ?? receipt.fund_id) : null;
    // The receipt is English; what the donor chose or the charity wrote for them is in their language.
    const stored = receipt.payment_id ? await repo.donorLocaleOfPayment(db, receipt.payment_id) : null;
    const locale: Locale = isLocale(stored) ? stored : "en";
    const tribute = receipt.payment_id ? await tributeOfPayment(db, receipt.payment_id) : undefined;
    const tributeText = tribute ? tributeLine(tribute, locale) : null;
    const fundMessage = receipt.fund_id ? await deps.fundMessage?.(receipt.fund_id, locale) : undefined;
    const document = receiptDocument(
      { ...receipt, fund_title: fundTitle, tribute_line: tributeText, fund_message: fundMessage?.text ?? null },
      organisation,
      { portalUrl: deps.portalUrl },
    );
    const pdf = await renderReceiptPdf(document);
    const mail = await renderEmail({
      subject: `Your receipt ${receipt.number} from ${organisation.name}`,
      preview: `Thank you for your gift. Receipt ${receipt.number} is attached.`,
      heading: "Thank you for your gift",
      intro: [
        `Here is your receipt from ${organisation.name}; a PDF copy is attached.`,
        ...(document.message ? [`${document.message.heading}:`, document.message.text] : []),
      ],
      details: document.lines,
      body: document.statements,
      footer: [organisation.name, ...(registrationLine(organisation) ?? []), ...organisation.address],
    });
    return { ...mail, pdf };
  }

  async function issue(trx: Db, receipt: NewReceipt): Promise<string> {
    const year = Number(receipt.gift_date.slice(0, 4));
    const sequence = await repo.nextNumber(trx, year);
    const id = newId();
    await repo.insertReceipt(trx, {
      ...receipt,
      id,
      year,
      number: `${year}-${String(sequence).padStart(4, "0")}`,
      issued_at: clock().toISOString(),
      sent_count: 0,
      voided_at: null,
    });
    await jobs.enqueue(trx, { type: RECEIPT_JOB, payload: { receiptId: id }, key: `receipt:${id}` });
    return id;
  }

  return {
    /** E-mails a receipt with its PDF; registered with every other job kind in server/job-handlers.ts. */
    receiptJob,
    /** Issues a receipt for each payment of a donation that has none, once its donor's address is known. */
    async issueForDonation(trx: Db, donationId: string): Promise<void> {
      for (const payment of await repo.unreceiptedPayments(trx, donationId)) {
        if (!payment.donor_email) continue;
        await issue(trx, {
          payment_id: payment.id,
          offline_gift_id: null,
          donor_email: payment.donor_email,
          donor_name: payment.donor_name,
          // The organisation's date (Addis Ababa), which also decides the receipt's year and number.
          gift_date: zonedDate(payment.paid_at),
          amount_minor: Number(payment.amount_cents),
          fee_cover_minor: Number(payment.fee_cover_cents),
          currency: payment.currency,
          fund_id: payment.fund_id,
          frequency: payment.frequency,
          method: null,
          reference: null,
        });
      }
    },

    /** An offline gift with an e-mail address gets a receipt, once (also when the address comes later). */
    async issueForGift(trx: Db, gift: OfflineGift): Promise<void> {
      if (!gift.donorEmail || (await repo.receiptOfGift(trx, gift._id))) return;
      await issue(trx, {
        payment_id: null,
        offline_gift_id: gift._id,
        donor_email: gift.donorEmail,
        donor_name: gift.donorName,
        gift_date: gift.receivedOn,
        amount_minor: gift.amountMinor,
        fee_cover_minor: 0,
        currency: gift.currency,
        fund_id: gift.fundId,
        frequency: "offline",
        // As staff chose them: the receipt says how the money came (docs/decisions/0761).
        method: gift.method,
        reference: gift.reference,
      });
    },

    /** Voids an offline gift's receipt in the transaction that deletes the gift; its number stays taken. */
    voidForGift: (trx: Db, giftId: string) => repo.voidReceiptOfGift(trx, giftId, clock().toISOString()),

    /** Void receipts, for staff: the numbers that are taken by deleted gifts. */
    async listVoided(): Promise<VoidReceipt[]> {
      return (await repo.listVoided(db)).map((row) => ({
        _id: row.id,
        number: row.number,
        donorEmail: row.donor_email,
        donorName: row.donor_name,
        giftDate: row.gift_date,
        amountMinor: Number(row.amount_minor),
        currency: row.currency,
        voidedAt: row.voided_at as string,
        voidedBy: row.deleted_by ?? null,
      }));
    },

    /** Sends a receipt again (staff, from the ledger). */
    async resend(id: string, actor: Actor): Promise<void> {
      const receipt = isRecordId(id) ? await repo.findReceipt(db, id) : undefined;
      if (!receipt) throw new NotFoundError("That receipt does not exist.");
      if (receipt.voided_at) throw new ConflictError(VOID_RECEIPT_MESSAGE);
      await db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, {
          type: RECEIPT_JOB,
          payload: { receiptId: id },
          key: `receipt:${id}:resend:${clock().toISOString()}`,
        });
        await audit.record(trx, actor, {
          action: "create",
          entity: RECEIPT_AUDIT_ENTITY,
          entityId: id,
          values: { resend: true, number: receipt.number },
        });
      });
      jobs.wake();
    },

    /** The receipt's PDF, for staff to download. */
    async pdf(id: string): Promise<{ number: string; pdf: Buffer }> {
      const receipt = isRecordId(id) ? await repo.findReceipt(db, id) : undefined;
      if (!receipt) throw new NotFoundError("That receipt does not exist.");
      return { number: receipt.number, pdf: (await render(receipt)).pdf };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
