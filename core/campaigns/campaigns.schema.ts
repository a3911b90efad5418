import { z } from "zod";
import { parseAmount } from "../money/money.ts";
import { addDays, isCalendarDate } from "../shared/calendar-days.ts";

/** The longest run a campaign's results are drawn for, day by day. */
export const MAX_CAMPAIGN_DAYS = 3 * 366;

/** A real day this century or the next ('yyyy-MM-dd'): a campaign's results list each of its days. */
const isCampaignDay = (value: string) => isCalendarDate(value) && value >= "2000-01-01" && value < "2200-01-01";
const campaignDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .refine(isCampaignDay, `${label} must be a real day (yyyy-MM-dd) from 2000 on`);
/** Zod runs object checks beside a field's own failed check: the days are compared only when both are good. */
const bothGood = (input: { startsOn: string; endsOn: string }) =>
  isCampaignDay(input.startsOn) && isCampaignDay(input.endsOn);
const TAG = /^[a-z0-9][a-z0-9._-]*$/;

export const CampaignInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(120, "Name must be at most 120 characters"),
    startsOn: campaignDay("Start date"),
    endsOn: campaignDay("End date"),
    /** In US dollars as typed ("5000", "2,500.50"); empty: no goal. */
    goal: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value, ctx) => {
        const text = value === undefined ? "" : String(value).trim();
        if (text === "") return null;
        const cents = parseAmount(text);
        if (cents === undefined || cents <= 0) {
          ctx.addIssue({ code: "custom", message: "Goal must be an amount in US dollars" });
          return z.NEVER;
        }
        return cents;
      }),
    fundId: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((value) => value || null),
    landingPath: z
      .string()
      .trim()
      .regex(/^\/(?!\/)[^\s?#]*$/, "Landing page must be a path on this site, like /donate")
      .max(200)
      .default("/"),
    source: z
      .string()
      .trim()
      .toLowerCase()
      .regex(TAG, "Source must be letters, digits, dots, dashes or underscores")
      .max(60)
      .default("poster"),
    medium: z
      .string()
      .trim()
      .toLowerCase()
      .regex(TAG, "Medium must be letters, digits, dots, dashes or underscores")
      .max(60)
      .default("offline"),
  })
  .refine((input) => !bothGood(input) || input.endsOn >= input.startsOn, {
    path: ["endsOn"],
    message: "End date must be on or after the start date",
  })
  .refine((input) => !bothGood(input) || input.endsOn < addDays(input.startsOn, MAX_CAMPAIGN_DAYS), {
    path: ["endsOn"],
    message: "A campaign runs at most three years",
  });

export interface CampaignLinks {
  /** The landing page with the campaign's UTM tags. */
  url: string;
  /** The short, printable address that redirects to `url`. */
  short: string;
  qrSvg: string;
  qrPng: string;
}

export interface Campaign {
  id: string;
  slug: string;
  name: string;
  startsOn: string;
  endsOn: string;
  goalCents: number | null;
  fundId: string | null;
  landingPath: string;
  source: string;
  medium: string;
  createdAt: string;
  links: CampaignLinks;
}

/** A campaign's short name from its name: lower-case letters and digits joined by dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "campaign";
}

/** One day of a campaign's results (`GET /api/campaigns/:id`, docs/decisions/0801-campaign-results.md). */
export interface CampaignResultDay {
  day: string;
  /** Page views and visitors that came through its links. */
  views: number;
  visitors: number;
  /** Newsletter sign-ups that came through its links. */
  signUps: number;
  /** Payments of gifts that came through its links (a monthly gift's each month counts). */
  gifts: number;
  /** Net received, in cents of each currency that came (`{ usd: 2500, etb: 100000 }`). */
  raised: Record<string, number>;
  /** All of it in US cents, as the ledger counts it (birr at the rate of their day). */
  raisedUsdCents: number;
}

/** A campaign's results over its days so far. */
export interface CampaignResults {
  views: number;
  visitors: number;
  signUps: number;
  gifts: number;
  raised: Record<string, number>;
  raisedUsdCents: number;
  /** Share of the goal raised in whole percent (past 100 when beaten); null without a goal. */
  goalPercent: number | null;
}
