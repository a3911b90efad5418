import { formatMoney, formatWholeMoney, percentOf } from "../../../../core/money/money";
import type { GivingReport } from "../../../../core/reports/reports.schema";
import { BarChart } from "../bar-chart";

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
const monthLong = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

/** Gifts per month, card and offline stacked (docs/decisions/0324-giving-dashboard.md). */
function MonthlyChart({ months }: { months: GivingReport["months"] }) {
  return (
    <BarChart<GivingReport["months"][number]>
      caption="Gifts per month in US dollars, last 12 months"
      rows={months}
      stacked
      series={[
        {
          label: "Card",
          value: (month) => month.cardCents,
          text: (month) => formatMoney(month.cardCents),
          fill: "fill-brand",
          swatch: "bg-brand",
        },
        {
          label: "Offline",
          value: (month) => month.offlineCents,
          text: (month) => formatMoney(month.offlineCents),
          fill: "fill-accent",
          swatch: "bg-accent",
        },
      ]}
      rowHeading="Month"
      rowName={(month) => monthLong(month.month)}
      tick={(month) => monthName(month.month)}
      testId="monthly-chart"
    />
  );
}

function Bar({ percent, className }: { percent: number; className: string }) {
  return (
    <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-brand-light" aria-hidden="true">
      <div className={`h-full rounded-full ${className}`} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The dashboard Admin → Donations opens on: months, kinds of gift, monthly donors, needs against goals. */
export function GivingDashboard({ report }: { report: GivingReport }) {
  const total = report.oneTimeCents + report.monthlyCents;
  const monthlyShare = percentOf(report.monthlyCents, total);
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <MonthlyChart months={report.months} />
      <section
        aria-labelledby="kinds-heading"
        className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="kinds-heading" className="font-semibold">
          One-time and monthly, last 12 months
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-muted">One-time (card and offline)</dt>
            <dd className="text-xl font-bold text-brand">{formatMoney(report.oneTimeCents)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Monthly (card)</dt>
            <dd className="text-xl font-bold text-brand">{formatMoney(report.monthlyCents)}</dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-muted">{monthlyShare}% of the money came from monthly gifts.</p>
        <Bar percent={monthlyShare} className="bg-brand" />
        <p className="mt-4 text-sm">
          <span className="font-semibold">{report.activeMonthly.donors}</span> active monthly donors give{" "}
          <span className="font-semibold">{formatMoney(report.activeMonthly.perMonthCents)}</span> each month together.
        </p>
      </section>
      <section
        aria-labelledby="funds-heading"
        className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5 lg:col-span-2"
      >
        <h2 id="funds-heading" className="font-semibold">
          Needs against their goals
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2">
          {report.funds.map((fund) => (
            <li key={fund.id}>
              <p className="flex justify-between gap-3 text-sm">
                <span className="font-medium">{fund.title}</span>
                <span className="whitespace-nowrap text-muted">
                  {formatWholeMoney(fund.raised)} of {formatWholeMoney(fund.goal)} ({fund.percent}%)
                </span>
              </p>
              <Bar percent={fund.percent} className="bg-accent" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
