import { WHERE_MOST_NEEDED } from "../funds/funds.schema.ts";
import { formatMoney } from "../money/money.ts";
import { zonedDate } from "../shared/site-time.ts";
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
}

/** What a receipt says, shared by its PDF and its e-mail. */
export interface ReceiptDocument {
  number: string;
  title: string;
  organisation: Organisation;
  lines: ReadonlyArray<readonly [string, string]>;
  statements: readonly string[];
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

export function receiptDocument(
  receipt: ReceiptTable & { fund_title: string | null },
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
  if (receipt.donor_name) lines.splice(1, 0, ["Received from", receipt.donor_name]);
  const statements = [`Thank you for your gift to ${organisation.name}.`, NO_GOODS_STATEMENT];
  if (receipt.frequency === "monthly") statements.push(changeOrStop(options.portalUrl, organisation));
  if (receipt.voided_at) {
    // Kept with its number so the year's numbers have no gap; it stands for no gift.
    statements.unshift(`${VOID_STATEMENT} (${zonedDate(receipt.voided_at)})`);
    return { number: receipt.number, title: `Receipt ${receipt.number} — VOID`, organisation, lines, statements };
  }
  return { number: receipt.number, title: `Receipt ${receipt.number}`, organisation, lines, statements };
}
