/**
 * Money, the one module that formats, parses and converts it (docs/decisions/0320-money.md;
 * `tests/money-in-one-module.test.ts` fails when other code scales amounts by 100 itself).
 * Amounts are integers in the currency's minor unit (cents, santim) and always travel with their
 * currency; a total in US dollars only ever adds dollars, and birr reach it only through
 * `etbToUsd` with the rate staff entered for that day. Zod-free and Intl-only: the donation pop-up
 * and the back office import it too.
 */

export const CURRENCIES = ["usd", "etb"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency every public figure, goal and report total is in. */
export const REPORTING_CURRENCY: Currency = "usd";

export const CURRENCY_LABELS: Record<Currency, string> = { usd: "US dollars (USD)", etb: "Ethiopian birr (ETB)" };

/** Both have two decimals (cents; santim). */
const MINOR_PER_MAJOR: Record<Currency, number> = { usd: 100, etb: 100 };

export interface Money {
  /** Integer, in the currency's minor unit. */
  minor: number;
  currency: Currency;
}

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: Currency, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency.toUpperCase(),
      // Birr are written "ETB 1,500", never with a symbol a donor abroad may not know.
      currencyDisplay: currency === "usd" ? "symbol" : "code",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, format);
  }
  return format;
}

/** "$1,234.50", "$15" (whole amounts drop their ".00"), "ETB 1,500". The same on server and browser. */
export function formatMoney(minor: number, currency: Currency | string = REPORTING_CURRENCY): string {
  const code = isCurrency(currency) ? currency : REPORTING_CURRENCY;
  return formatter(code, minor % minorPerMajor(code) === 0 ? 0 : 2)
    .format(toMajor(minor, code))
    .replace(/\u00a0/g, " ");
}

/** An amount in major units as a donor types or a preset names it (19.99, 25): "$19.99", "$25". */
export function formatMajor(major: number, currency: Currency = REPORTING_CURRENCY): string {
  const minor = toMinor(major, currency);
  if (minor !== undefined) return formatMoney(minor, currency);
  return formatter(currency, 2)
    .format(major)
    .replace(/\u00a0/g, " ");
}

/** Whole units only, rounded down: "$3,000" for a goal or a card's figure. */
export const formatWholeMoney = (minor: number, currency: Currency = REPORTING_CURRENCY): string =>
  formatter(currency, 0)
    .format(Math.trunc(minor / MINOR_PER_MAJOR[currency]))
    .replace(/\u00a0/g, " ");

/** Major units as typed or configured (19.99, 3000) → minor units; undefined for more decimals than the currency has. */
export function toMinor(major: number, currency: Currency = REPORTING_CURRENCY): number | undefined {
  if (!Number.isFinite(major)) return undefined;
  const scaled = major * MINOR_PER_MAJOR[currency];
  const minor = Math.round(scaled);
  // Floating point: 19.99 * 100 is 1998.9999…; compare with a tolerance, not equality.
  return Math.abs(scaled - minor) < 1e-6 ? minor : undefined;
}

/** A typed amount ("1,500.25", "1500") → minor units, without floating point; undefined when it is not one. */
export function parseAmount(text: string, currency: Currency = REPORTING_CURRENCY): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,(?=\d{3}(?:\D|$))/g, ""));
  if (!match) return undefined;
  const perMajor = MINOR_PER_MAJOR[currency];
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const minor = Number(match[1]) * perMajor + Number(fraction);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Minor units → the plain decimal a form field shows ("1500.25", "15"). */
export function toMajorText(minor: number, currency: Currency | string = REPORTING_CURRENCY): string {
  const perMajor = minorPerMajor(currency);
  const whole = Math.trunc(minor / perMajor);
  const rest = Math.abs(minor % perMajor);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/** Minor units → the decimal with every minor digit that a spreadsheet column holds ("1500.25", "15.00", "-3.50"). */
export function toMajorDecimal(minor: number, currency: Currency | string = REPORTING_CURRENCY): string {
  const perMajor = minorPerMajor(currency);
  const digits = String(perMajor).length - 1;
  const size = Math.abs(minor);
  const sign = minor < 0 ? "-" : "";
  return `${sign}${Math.trunc(size / perMajor)}.${String(size % perMajor).padStart(digits, "0")}`;
}

/** Minor units → major units as a number (1550 → 15.5), for rules stated in major units such as a gift's limits. */
export const toMajor = (minor: number, currency: Currency | string = REPORTING_CURRENCY): number =>
  minor / minorPerMajor(currency);

/** An unknown currency code counts as the reporting currency, as in `formatMoney`. */
const minorPerMajor = (currency: Currency | string): number =>
  MINOR_PER_MAJOR[isCurrency(currency) ? currency : REPORTING_CURRENCY];

/** Exchange rates are kept to six decimals, as an integer count of millionths. */
const RATE_SCALE = 1_000_000n;

/**
 * Birr per US dollar as staff type it from the bank's rate of the day ("155.42"); undefined when it is
 * not a positive decimal with at most six places. Kept as text on the row, exactly as entered.
 */
export function parseEtbPerUsd(text: string): string | undefined {
  const match = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return undefined;
  const normalised = match[2] ? `${Number(match[1])}.${match[2]}` : String(Number(match[1]));
  return rateMillionths(normalised) > 0n ? normalised : undefined;
}

function rateMillionths(rate: string): bigint {
  const [whole, fraction = ""] = rate.split(".");
  return BigInt(whole ?? "0") * RATE_SCALE + BigInt(fraction.padEnd(6, "0").slice(0, 6) || "0");
}

/** Santim → US cents at a rate of birr per dollar, rounded half up; integer arithmetic throughout. */
export function etbToUsd(etbMinor: number, etbPerUsd: string): number {
  const rate = rateMillionths(etbPerUsd);
  if (rate <= 0n) throw new RangeError(`not an exchange rate: ${etbPerUsd}`);
  const numerator = BigInt(etbMinor) * RATE_SCALE;
  return Number((numerator * 2n + rate) / (rate * 2n));
}

/** The amount in the reporting currency: itself for dollars, converted at the given rate for birr. */
export function inReportingCurrency(money: Money, etbPerUsd: string | null): number {
  if (money.currency === REPORTING_CURRENCY) return money.minor;
  if (!etbPerUsd) throw new RangeError("birr need the rate of the day to count in US dollars");
  return etbToUsd(money.minor, etbPerUsd);
}

/** Share of a goal reached, as a whole percent from 0 to 100 (spec §9: raised / goal). */
export function percentOf(raisedMinor: number, goalMinor: number): number {
  return Math.min(100, percentBeyond(raisedMinor, goalMinor));
}

/** Share of a goal reached, as a whole percent from 0, past 100 when the goal was beaten. */
export function percentBeyond(raisedMinor: number, goalMinor: number): number {
  if (goalMinor <= 0 || raisedMinor <= 0) return 0;
  return Math.round((raisedMinor / goalMinor) * 100);
}

/**
 * A whole percent of an amount in minor units, rounded half up, in minor units: what a donor adds to
 * cover the fees (docs/decisions/0830-covering-the-fees.md). Integer arithmetic throughout.
 */
export function shareOf(minor: number, percent: number): number {
  if (!Number.isSafeInteger(minor) || minor <= 0 || !Number.isInteger(percent) || percent <= 0) return 0;
  return Number((BigInt(minor) * BigInt(percent) * 2n + 100n) / 200n);
}
