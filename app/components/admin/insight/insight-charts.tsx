import type { InsightReport, InsightTable, Ranked } from "../../../../core/visits/insight.constants";
import { BarChart } from "../bar-chart";
import { ExportCsvButton } from "../export-csv-button";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Nov 28" from "2026-11-28": dates without Intl, like the rest of the back office's charts. */
export const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""} ${Number(day.slice(8, 10))}`;

const card = "rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5";

/** The most days drawn one bar each; a longer run is drawn a bar a week, so each bar stays visible at 375 px. */
const MOST_DAYS = 92;

/**
 * A run of days as a chart draws it: as they are, or, past MOST_DAYS, added up by week (each week
 * named by its first day; a week's visitors are its days' visitors added up, as Insight counts them).
 * Weeks are counted back from the last day, so the latest bar is a whole week and only the oldest
 * may be short.
 */
export function chartDays<Row extends { day: string }>(days: Row[]): { rows: Row[]; byWeek: boolean } {
  if (days.length <= MOST_DAYS) return { rows: days, byWeek: false };
  const rows: Row[] = [];
  for (let end = days.length; end > 0; end -= 7) rows.unshift(days.slice(Math.max(0, end - 7), end).reduce(addedUp));
  return { rows, byWeek: true };
}

/** Two rows added up: numbers, and records of numbers (money per currency); the first's day. */
function addedUp<Row extends { day: string }>(sum: Row, row: Row): Row {
  const total: Record<string, unknown> = { ...sum };
  for (const [key, value] of Object.entries(row)) {
    const before = total[key];
    if (typeof value === "number") total[key] = (typeof before === "number" ? before : 0) + value;
    else if (value !== null && typeof value === "object") {
      const parts: Record<string, number> = { ...(before as Record<string, number>) };
      for (const [part, amount] of Object.entries(value as Record<string, number>))
        parts[part] = (parts[part] ?? 0) + amount;
      total[key] = parts;
    }
  }
  return total as Row;
}

type BarChartProps<Row> = Parameters<typeof BarChart<Row>>[0];

/** A chart of a run of days (or of its weeks), named at its ends. */
export function DaysChart<Row extends { day: string }>({
  days,
  ...chart
}: Omit<BarChartProps<Row>, "rows" | "rowHeading" | "rowName" | "tick"> & { days: Row[] }) {
  const { rows, byWeek } = chartDays(days);
  const last = rows.length - 1;
  return (
    <BarChart<Row>
      {...chart}
      caption={byWeek ? `${chart.caption} (each bar a week)` : chart.caption}
      rows={rows}
      rowHeading={byWeek ? "Week of" : "Day"}
      rowName={(row) => row.day}
      tick={(row, index) => (index === 0 || index === last ? shortDay(row.day) : null)}
    />
  );
}

/** A whole behind its part: page views behind visitors, sign-ups behind gifts. */
export const BACK = { fill: "fill-brand-light", swatch: "bg-brand-light ring-1 ring-brand/30" };
export const FRONT = { fill: "fill-brand", swatch: "bg-brand" };

type InsightDay = InsightReport["perDay"][number];

/** Visitors and page views per day, views behind visitors. */
export function DailyChart({ perDay, exportPath }: { perDay: InsightReport["perDay"]; exportPath: string }) {
  return (
    <DaysChart<InsightDay>
      caption="Visitors and page views per day"
      days={perDay}
      series={[
        { label: "Page views", value: (day) => day.pageViews, ...BACK },
        { label: "Visitors", value: (day) => day.visitors, ...FRONT },
      ]}
      exportPath={exportPath}
      testId="daily-chart"
    />
  );
}

/**
 * A ranked table (top pages, sources…) with a bar for each row's share, and its CSV export; `more`
 * adds columns after views and visitors.
 */
export function RankedTable<Row extends Ranked>({
  title,
  label,
  rows,
  exportPath,
  describe = (value) => value,
  more = [],
  note,
}: {
  title: string;
  label: string;
  rows: Row[];
  exportPath: string;
  describe?: (value: string) => string;
  more?: { heading: string; value: (row: Row) => string | number }[];
  /** A sentence under the title saying how to read the table. */
  note?: string;
}) {
  const largest = Math.max(1, ...rows.map((row) => row.views));
  const id = `insight-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={more.length > 0 ? `${card} min-w-0 lg:col-span-2` : card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <ExportCsvButton path={exportPath} of={title} />
      </div>
      {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing counted in this period.</p>
      ) : (
        // A table with more columns than a phone holds scrolls inside its card, by touch or by keyboard.
        <div
          className={more.length > 0 ? "mt-3 overflow-x-auto" : "mt-3"}
          {...(more.length > 0 && { tabIndex: 0, role: "region", "aria-label": `${title}, table` })}
        >
          <table className={`w-full table-fixed text-sm ${more.length > 0 ? "min-w-[34rem]" : ""}`}>
            <thead className="text-left text-muted">
              <tr>
                <th scope="col" className={`${more.length > 0 ? "w-1/3" : "w-3/5"} pb-1 font-medium`}>
                  {label}
                </th>
                <th scope="col" className="pb-1 pl-2 text-right font-medium">
                  Views
                </th>
                <th scope="col" className="pb-1 pl-2 text-right font-medium">
                  Visitors
                </th>
                {more.map((column) => (
                  <th key={column.heading} scope="col" className="pb-1 pl-2 text-right font-medium">
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value} className="border-t border-black/5 align-top">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                    <span className="block break-words">{describe(row.value)}</span>
                    <span className="mt-1 block h-1.5 rounded-full bg-brand-light" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-brand"
                        style={{ width: `${(row.views / largest) * 100}%` }}
                      />
                    </span>
                  </th>
                  <td className="py-1.5 pl-2 text-right tabular-nums">{row.views}</td>
                  <td className="py-1.5 pl-2 text-right tabular-nums">{row.visitors}</td>
                  {more.map((column) => (
                    <td key={column.heading} className="py-1.5 pl-2 text-right tabular-nums">
                      {column.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A small table of counts: a row per name, a right-aligned column per count. */
function CountsTable<Row extends Record<Count, number>, Count extends string>({
  caption,
  nameHeading,
  rows,
  name,
  counts,
}: {
  caption: string;
  nameHeading: string;
  rows: Row[];
  name: (row: Row) => string;
  counts: [heading: string, count: Count][];
}) {
  return (
    <table className="w-full self-start text-sm">
      <caption className="text-left font-medium">{caption}</caption>
      <thead className="text-left text-muted">
        <tr>
          <th scope="col" className="font-medium">
            {nameHeading}
          </th>
          {counts.map(([heading]) => (
            <th key={heading} scope="col" className="text-right font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={name(row)} className="border-t border-black/5">
            <th scope="row" className="py-1 text-left font-normal break-words">
              {name(row)}
            </th>
            {counts.map(([heading, count]) => (
              <td key={heading} className="py-1 text-right tabular-nums">
                {row[count]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const METHOD_NAMES: Record<string, string> = { card: "Card", birr: "Birr", bank: "Bank transfer notice" };
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** Donate opened → checkout started → paid: each step's count, its share of the first, and who dropped out. */
export function Funnel({
  funnel,
  exportPath,
}: {
  funnel: InsightReport["funnel"];
  /** Where each of its tables downloads as CSV. */
  exportPath: (table: InsightTable) => string;
}) {
  const steps = [
    { label: "Donate opened", count: funnel.opened },
    { label: "Checkout started", count: funnel.started },
    { label: "Paid", count: funnel.paid },
  ];
  const top = Math.max(1, ...steps.map((step) => step.count));
  return (
    <section aria-labelledby="insight-funnel" className={`${card} lg:col-span-2`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insight-funnel" className="font-semibold">
          Donation funnel
        </h2>
        <ExportCsvButton path={exportPath("funnel-steps")} of="Donation funnel" />
      </div>
      <p className="mt-1 text-sm text-muted">
        Donate opened counts the visitors who opened the donation page or pop-up each day; the next steps count each
        checkout or transfer notice.
      </p>
      <ol className="mt-3 grid gap-3">
        {steps.map((step, index) => {
          const before = index > 0 ? (steps[index - 1]?.count ?? 0) : undefined;
          return (
            <li key={step.label}>
              <p className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-medium">{step.label}</span>
                <span className="tabular-nums">
                  {step.count}
                  {before !== undefined && before > 0 && (
                    <span className="text-muted"> ({percent(step.count, before)}% of the step before)</span>
                  )}
                </span>
              </p>
              <span className="mt-1 block h-2.5 rounded-full bg-brand-light" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-accent"
                  style={{ width: `${(step.count / top) * 100}%` }}
                />
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <CountsTable
            caption="By method"
            nameHeading="Method"
            rows={funnel.byMethod}
            name={(row) => METHOD_NAMES[row.method] ?? row.method}
            counts={[
              ["Started", "started"],
              ["Paid", "paid"],
            ]}
          />
          <ExportCsvButton path={exportPath("funnel")} of="By method" />
        </div>
        <div>
          <CountsTable
            caption="By where the donor came from"
            nameHeading="Source"
            rows={funnel.bySource}
            name={(row) => row.source}
            counts={[
              ["Opened", "opened"],
              ["Started", "started"],
              ["Paid", "paid"],
            ]}
          />
          <ExportCsvButton path={exportPath("funnel-by-source")} of="By where the donor came from" />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <p>Checkouts and bank transfer notices by source and method, as each keeps where its donor first came from.</p>
        <ExportCsvButton path={exportPath("funnel-sources")} of="Checkouts and notices by source and method" />
      </div>
    </section>
  );
}
