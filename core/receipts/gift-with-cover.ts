import { formatMoney } from "../money/money.ts";

/**
 * "$40 + $1.20 to cover fees": a gift and the cover its donor added, named apart as on its receipt
 * (docs/decisions/0887-year-statements-name-the-covers.md); the gift alone without a cover.
 */
export const giftWithCover = (minor: number, feeCoverMinor: number, currency: string): string =>
  feeCoverMinor > 0
    ? `${formatMoney(minor, currency)} + ${formatMoney(feeCoverMinor, currency)} to cover fees`
    : formatMoney(minor, currency);
