import { DEFAULT_DONATION_AMOUNT, DONATION_PRESETS, MIN_DONATION_AMOUNT } from "../../core/donations/donations.schema";

/** Local bank transfer details shown on the pop-up's Local tab (spec §3). Edit here. */
export interface BankDetails {
  /** A named Ethiopian commercial bank. */
  bank: string;
  accountName: string;
  /** Placeholder until the charity's real account is confirmed. */
  accountNumber: string;
  branch: string;
  swift: string;
}

export const BANK_DETAILS: BankDetails = {
  bank: "Commercial Bank of Ethiopia",
  accountName: "Hope Behind Bars Ethiopia",
  accountNumber: "1000 0000 00000",
  branch: "Addis Ababa Main Branch",
  swift: "CBETETAA",
};

/** Spec §9, from the rules the server enforces too. */
export const DONATION_AMOUNTS = {
  presets: DONATION_PRESETS,
  defaultAmount: DEFAULT_DONATION_AMOUNT,
  minimum: MIN_DONATION_AMOUNT,
} as const;

/** What the server tells pages about giving (public layout loader): the crowdfunding URL comes from config. */
export interface DonationSettings {
  /** External crowdfunding campaign (env CROWDFUNDING_URL). */
  crowdfundingUrl: string;
  /** False in a deployment without a Stripe key: the Card tab explains, the Local tab still works. */
  cardPayments: boolean;
}
