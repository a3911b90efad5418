import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "../../../../core/shared/calendar-days";
import { chartDays } from "./insight-charts";

const run = (count: number) =>
  daysBetween("2026-01-01", addDays("2026-01-01", count - 1)).map((day, index) => ({
    day,
    visitors: 1,
    raised: index % 2 === 0 ? { usd: 100 } : { etb: 500 },
  }));

describe("the days a chart draws", () => {
  it("draws up to 92 days a bar each", () => {
    const days = run(92);
    expect(chartDays(days)).toEqual({ rows: days, byWeek: false });
  });

  it("adds a longer run up by week, counted back from the last day, numbers and money per currency alike", () => {
    const { rows, byWeek } = chartDays(run(365));
    expect(byWeek).toBe(true);
    // 52 whole weeks and the oldest day alone.
    expect(rows).toHaveLength(53);
    expect(rows[0]).toEqual({ day: "2026-01-01", visitors: 1, raised: { usd: 100 } });
    expect(rows[1]).toEqual({ day: "2026-01-02", visitors: 7, raised: { usd: 300, etb: 2000 } });
    expect(rows.at(-1)).toMatchObject({ day: "2026-12-25", visitors: 7 });
    expect(rows.reduce((sum, row) => sum + row.visitors, 0)).toBe(365);
  });
});
