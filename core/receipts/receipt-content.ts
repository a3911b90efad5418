import type { Selectable } from "kysely";
import { WHERE_MOST_NEEDED } from "../funds/funds.schema.ts";
import { formatMoney } from "../money/money.ts";
import { GIFT_METHOD_LABELS, type GiftMethod } from "../offline-gifts/offline-gifts.schema.ts";
import { zonedDate } from "../shared/site-time.ts";
import type { PdfLogo } from "./receipt-logo.ts";
import type { ReceiptTable } from "./receipts.table.ts";

/** Who receipts are from. */
export const ORGANISATION_NAME = "Hope Behind Bars";

export const VOID_STATEMENT = "VOID: this receipt was cancelled because the gift it recorded was deleted";

export const NO_GOODS_STATEMENT = "No goods or services were provided in exchange for this gift.";

export interface Organisation {
  name: string;
  address: readonly string[];
  /** Where donors write to (the site's contact address). */
  email: string;
  /** The charity's registration or tax number (site content, Contact); empty: none printed. */
  registrationNumber: string;
  /** The logo uploaded in site content (Contact), converted for PDFs; none: the site's wordmark is drawn. */
  logo?: PdfLogo | undefined;
}

/** The line under the organisation's name on a receipt; none without a number. */
export const registrationLine = (organisation: Organisation): string | undefined =>
  organisation.registrationNumber ? `Registration no. ${organisation.registrationNumber}` : undefined;

/** What a receipt says, shared by its PDF and its e-mail. */
export interface ReceiptDocument {
  number: string;
  /** The language of its text, for readers (the receipt is English; a donor's Amharic words carry their own). */
  lang: string;
  title: string;
  organisation: Organisation;
  lines: ReadonlyArray<readonly [string, string]>;
  statements: readonly string[];
  /** The fund's thank-you message, in the donor's language (docs/decisions/0840); none when not set. */
  message?: { heading: string; text: string } | undefined;
}

const FREQUENCY_LABELS: Record<string, string> = {
  "one-time": "One-time gift",
  monthly: "Monthly gift (this month's payment)",
  offline: "One-time gift (bank, cash or cheque)",
};

/** How a monthly donor changes or stops the gift: Stripe's portal when there is one, else a reply. */
export function changeOrStop(portalUrl: string | undefined, organisation: Organisation): string {
  return portalUrl
    ? `To change the amount or stop your monthly gift, use Stripe's customer portal: ${portalUrl}`
    : `To change the amount or stop your monthly gift, reply to this e-mail or write to ${organisation.email}.`;
}

/** What heads a fund's thank-you message on a receipt. */
export const messageHeading = (organisation: Organisation) => `A message from ${organisation.name}`;

export function receiptDocument(
  receipt: Omit<Selectable<ReceiptTable>, "fee_cover_minor"> & {
    /** Absent on a receipt issued before fee covers were kept: none. */
    fee_cover_minor?: number | undefined;
    fund_title: string | null;
    tribute_line?: string | null | undefined;
    fund_message?: string | null | undefined;
  },
  organisation: Organisation,
  options: { portalUrl?: string | undefined } = {},
): ReceiptDocument {
  const lines: Array<readonly [string, string]> = [
    ["Receipt number", receipt.number],
    ["Date of gift", receipt.gift_date],
    ["Amount", formatMoney(Number(receipt.amount_minor), receipt.currency)],
    ["For", receipt.fund_title ?? WHERE_MOST_NEEDED],
    ["Frequency", FREQUENCY_LABELS[receipt.frequency] ?? receipt.frequency],
  ];
  // "In memory of Abebe": the gift's tribute, under what it was for (docs/decisions/0780).
  if (receipt.tribute_line) lines.splice(4, 0, ["Given", receipt.tribute_line]);
  // The donor is named once, here; nothing else on the receipt repeats the name.
  if (receipt.donor_name) lines.splice(1, 0, ["Received from", receipt.donor_name]);
  if (receipt.method && receipt.method in GIFT_METHOD_LABELS) {
    // How the money came, as staff recorded it; a receipt issued before they were kept says neither.
    lines.splice(
      lines.length - 1,
      1,
      ["Frequency", "One-time gift"],
      ["Received by", GIFT_METHOD_LABELS[receipt.method as GiftMethod]],
    );
    if (receipt.reference) lines.push(["Reference", receipt.reference]);
  }
  const feeCover = Number(receipt.fee_cover_minor ?? 0);
  if (feeCover > 0) {
    // Added so all of the gift reaches the programme (docs/decisions/0830): named apart, then the sum paid.
    lines.splice(
      lines.findIndex(([label]) => label === "Amount") + 1,
      0,
      ["Added to cover fees", formatMoney(feeCover, receipt.currency)],
      ["Total paid", formatMoney(Number(receipt.amount_minor) + feeCover, receipt.currency)],
    );
  }
  const statements = [`Thank you for your gift to ${organisation.name}.`, NO_GOODS_STATEMENT];
  if (receipt.frequency === "monthly") statements.push(changeOrStop(options.portalUrl, organisation));
  if (receipt.voided_at) {
    // Kept with its number so the year's numbers have no gap; it stands for no gift.
    statements.unshift(`${VOID_STATEMENT} (${zonedDate(receipt.voided_at)})`);
    return {
      number: receipt.number,
      lang: "en",
      title: `Receipt ${receipt.number} — VOID`,
      organisation,
      lines,
      statements,
    };
  }
  const message = receipt.fund_message
    ? { heading: messageHeading(organisation), text: receipt.fund_message }
    : undefined;
  return {
    number: receipt.number,
    lang: "en",
    title: `Receipt ${receipt.number}`,
    organisation,
    lines,
    statements,
    message,
  };
}
