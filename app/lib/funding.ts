/** Share of a donation goal already raised, as a whole percent (spec §9: raised / goal). */
export function fundedPercent(raised: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.round((raised / goal) * 100));
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Whole US dollars, e.g. $3,000 (the same on server and browser). */
export const formatUsd = (amount: number) => usd.format(amount);
