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
  /** The published content as a page in `locale` shows it, with the paths left in English. */
  localised?: (locale: string) => Promise<{ home: HomeContent; englishPaths: { home: string[] } }>;
}

/** A fund's thank-you message as one language shows it; `english`: the Amharic was not written. */
export interface FundMessage {
  text: string;
  english: boolean;
}

export function createFundsService({ db, siteContent, localised }: FundsServiceDeps) {
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

    /**
     * The fund's thank-you message (docs/decisions/0840) in `locale`, the English where its Amharic
     * is missing; undefined when the card has none or is no longer published.
     */
    async thankYouMessage(id: string, locale: string): Promise<FundMessage | undefined> {
      const content = localised ? await localised(locale) : { ...(await siteContent.published()), englishPaths: null };
      const index = content.home.donationNeeds.findIndex((need) => need.id === id);
      const text = content.home.donationNeeds[index]?.thankYouMessage?.trim();
      if (!text) return undefined;
      const path = `donationNeeds.${index}.thankYouMessage`;
      return { text, english: locale !== "en" && (content.englishPaths?.home.includes(path) ?? true) };
    },
  };
}

export type FundsService = ReturnType<typeof createFundsService>;
