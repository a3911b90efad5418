import type { Db } from "../../db/database.ts";
import { percentOf, REPORTING_CURRENCY, toMinor } from "../money/money.ts";
import type { DonationNeed, HomeContent } from "../site-content/site-content.schema.ts";
import * as repo from "./funds.repository.ts";
import type { Fund } from "./funds.schema.ts";

/** A need card with its live figures, as the public pages draw it. */
export type FundedNeed = DonationNeed & { fund: Fund };

const dollars = (whole: number) => toMinor(whole, REPORTING_CURRENCY) ?? 0;

function fundOf(need: DonationNeed, receivedCents: number): Fund {
  const goal = dollars(need.goal);
  const raised = dollars(need.openingBalance) + receivedCents;
  return {
    id: need.id,
    title: need.title,
    currency: REPORTING_CURRENCY,
    goal,
    raised,
    percent: percentOf(raised, goal),
  };
}

/**
 * The funds are the published need cards (core/site-content): goal and opening balance are edited
 * there; what was raised since is computed here from the ledger, so it is never typed by hand.
 */
export interface FundsServiceDeps {
  db: Db;
  siteContent: { published(): Promise<{ home: HomeContent }> };
}

export function createFundsService({ db, siteContent }: FundsServiceDeps) {
  async function needs(): Promise<DonationNeed[]> {
    return (await siteContent.published()).home.donationNeeds;
  }

  async function withFigures(cards: readonly DonationNeed[]): Promise<FundedNeed[]> {
    const received = await repo.receivedByFund(db);
    return cards.map((need) => ({ ...need, fund: fundOf(need, received.get(need.id) ?? 0) }));
  }

  return {
    /** Every fund with its figures, in the cards' order (`GET /api/funds`). */
    async list(): Promise<Fund[]> {
      return (await withFigures(await needs())).map((need) => need.fund);
    },

    /** The published cards with their live figures, for the pages that show them. */
    withFigures,

    /** The title of an open fund, or undefined when no published card has this id. */
    async titleOf(id: string): Promise<string | undefined> {
      return (await needs()).find((need) => need.id === id)?.title;
    },
  };
}

export type FundsService = ReturnType<typeof createFundsService>;
