import { formatMoney, formatWholeMoney, percentOf } from "../../../../core/money/money";
import type { GivingReport } from "../../../../core/reports/reports.schema";

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
const monthLong = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

// Drawn at about the size a phone shows it (375 px), so labels stay readable; it only grows on wider screens.
const SLOT = 30;
const BAR = 18;
const HEIGHT = 160;
const TOP = 8;
const AXIS = 22;

/** Gifts per month, card and offline stacked: an SVG with a table for screen readers (docs/decisions/0324-giving-dashboard.md). */
function MonthlyChart({ months }: { months: GivingReport["months"] }) {
  const largest = Math.max(1, ...months.map((m) => m.cardCents + m.offlineCents));
  const y = (cents: number) => (cents / largest) * (HEIGHT - TOP);
  const width = SLOT * months.length;
  return (
    <figure className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5">
      <figcaption className="font-semibold">Gifts per month, last 12 months</figcaption>
      <div className="mt-2 flex gap-4 text-sm text-muted" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-brand" /> Card
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-accent" /> Offline
        </span>
      </div>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        className="mt-3 w-full max-w-2xl"
        aria-hidden="true"
        focusable="false"
        data-testid="monthly-chart"
      >
        <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-black/20" />
        {months.map((month, index) => {
          const x = index * SLOT + (SLOT - BAR) / 2;
          const card = y(month.cardCents);
          const offline = y(month.offlineCents);
          return (
            <g key={month.month}>
              <rect x={x} y={HEIGHT - card} width={BAR} height={card} className="fill-brand" />
              <rect x={x} y={HEIGHT - card - offline} width={BAR} height={offline} className="fill-accent" />
              <text
                x={index * SLOT + SLOT / 2}
                y={HEIGHT + 16}
                textAnchor="middle"
                fontSize="10"
                className="fill-muted"
              >
                {monthName(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Gifts per month in US dollars</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Card</th>
            <th scope="col">Offline</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLong(month.month)}</th>
              <td>{formatMoney(month.cardCents)}</td>
              <td>{formatMoney(month.offlineCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
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
