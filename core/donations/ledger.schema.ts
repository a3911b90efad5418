import { z } from "zod";
import { choiceFilter, listQuerySchema } from "../admin-lists/list-query.ts";
import type { OfflineGift } from "../offline-gifts/offline-gifts.schema.ts";
import { DONATION_STATUSES, type Donation } from "./donations.schema.ts";

/** The ledger's periods, as the filter offers them. */
export const LEDGER_PERIODS = [
  ["all", "Any time"],
  ["month", "This month"],
  ["year", "This year"],
  ["12m", "Last 12 months"],
] as const;
export type LedgerPeriod = (typeof LEDGER_PERIODS)[number][0];

/** An offline gift's status in the ledger, beside the card statuses. */
export const OFFLINE_STATUS = "received" as const;

/**
 * Admin → Donations' ledger, one page at a time (`GET /api/admin/lists/donations`): card donations
 * and offline gifts together, newest first by when the money came. `fund` is a need card's id, or
 * `none` for "where most needed".
 */
export const LedgerQuerySchema = listQuerySchema(["newest", "oldest"], {
  period: choiceFilter(["month", "year", "12m"]),
  method: choiceFilter(["card", "offline"]),
  // How an online gift was paid (Stripe's are cards; Chapa reports the rest); offline gifts have none.
  paidWith: choiceFilter(["card", "telebirr", "cbe-birr", "mpesa", "bank"]),
  status: choiceFilter([...DONATION_STATUSES, OFFLINE_STATUS] as const),
  // Test gifts (no money behind them) stay listed, labelled; this shows only them, or only real gifts.
  gifts: choiceFilter(["real", "test"]),
  // "all", "none" (where most needed) or a need card's id; an unknown id simply matches nothing.
  fund: z.string().trim().max(100).default("all"),
});

export type LedgerQuery = z.output<typeof LedgerQuerySchema>;

/** One line of the ledger: a card donation or an offline gift, each in the shape its own calls answer. */
export type LedgerEntry = { method: "card"; donation: Donation } | { method: "offline"; gift: OfflineGift };
