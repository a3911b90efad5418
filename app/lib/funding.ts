import type { Fund } from "../../core/funds/funds.schema";
import { percentOf, toMinor } from "../../core/money/money";
import type { DonationNeed } from "../../core/site-content/site-content.schema";

/** A need card as pages draw it: with its live figures, or without (a draft's preview). */
export type NeedCard = DonationNeed & { fund?: Fund };

/**
 * What a card shows, in US cents: the live figures from the ledger (core/funds), or, where there are
 * none (the back office's preview of a draft), the opening balance alone.
 */
export function cardFigures(need: NeedCard): { raised: number; goal: number; percent: number } {
  if (need.fund) return need.fund;
  const goal = toMinor(need.goal) ?? 0;
  const raised = toMinor(need.openingBalance) ?? 0;
  return { raised, goal, percent: percentOf(raised, goal) };
}
