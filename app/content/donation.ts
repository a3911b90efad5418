import type { DonatingContent } from "../../core/site-content/site-content.schema";

/**
 * What the server tells pages about giving (public layout loader): the bank details, preset
 * amounts and crowdfunding link are site content (core/site-content, section "donating").
 */
export interface DonationSettings {
  /** The crowdfunding campaign: the site content's, else env CROWDFUNDING_URL. */
  crowdfundingUrl: string;
  /** False in a deployment without a Stripe key: the Card tab explains, the Local tab still works. */
  cardPayments: boolean;
  /** "Pay in birr" on the Local tab (Chapa, or the sandbox on a try-out); false hides it. */
  birrPayments: boolean;
  /** "Add N % so all of my gift reaches the programme" (docs/decisions/0830); 0: not offered. */
  feeCoverPercent: number;
  /** Preset amounts in whole birr. */
  birrPresets: number[];
  /** Local bank transfer details shown on the pop-up's Local tab (spec §3). */
  bank: Pick<DonatingContent, "bank" | "accountName" | "accountNumber" | "branch" | "swift">;
  /** Spec §9: preset amounts and the one selected first. */
  presets: number[];
  defaultAmount: number;
}
