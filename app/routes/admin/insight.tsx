import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { isLocale, LANGUAGE_NAMES } from "../../../core/i18n/locale";
import { formatMoney } from "../../../core/money/money";
import { INSIGHT_PERIODS, type InsightReport, type InsightTable } from "../../../core/visits/insight.constants";
import { DailyChart, Funnel, RankedTable } from "../../components/admin/insight/insight-charts";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";

export const meta = () => adminMeta("Insight");

const DEVICE_NAMES: Record<string, string> = { mobile: "Phone", tablet: "Tablet", desktop: "Computer" };

/** Admin → Insight: what the server counted, without cookies or scripts (docs/decisions/0710). */
export default function AdminInsight() {
  const [days, setDays] = useState<number>(30);
  const [report, setReport] = useState<InsightReport | null>(null);

  useEffect(() => {
    api<InsightReport>(`/api/insight?days=${days}`)
      .then(setReport)
      .catch(() => toast.error("Could not load Insight."));
  }, [days]);

  const exportPath = (table: InsightTable) => `/api/insight/export.csv?days=${days}&table=${table}`;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Insight</h1>
        <fieldset className="flex gap-1 rounded-full bg-white p-1 ring-1 ring-black/10">
          <legend className="sr-only">Period</legend>
          {INSIGHT_PERIODS.map((period) => (
            <label
              key={period}
              className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
            >
              <input
                type="radio"
                name="period"
                value={period}
                checked={days === period}
                onChange={() => setDays(period)}
                className="sr-only"
              />
              {period} days
            </label>
          ))}
        </fieldset>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        Counted on the server: no cookie, no script, no address kept. A visitor is recognised for one day only, so
        visitors over a period are each day's visitors added up. Staff, bots, prefetches and browsers that ask not to be
        tracked are not counted.
      </p>
      {!report ? (
        <p className="mt-6 text-muted">Loading…</p>
      ) : (
        <>
          <dl className="mt-5 grid grid-cols-2 gap-3 sm:max-w-md">
            <div className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm">
              <dt className="text-sm text-muted">Visitors</dt>
              <dd className="text-2xl font-bold text-brand" data-testid="insight-visitors">
                {report.visitors}
              </dd>
            </div>
            <div className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm">
              <dt className="text-sm text-muted">Page views</dt>
              <dd className="text-2xl font-bold text-brand" data-testid="insight-page-views">
                {report.pageViews}
              </dd>
            </div>
          </dl>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <div className="lg:col-span-2">
              <DailyChart perDay={report.perDay} exportPath={exportPath("days")} />
            </div>
            <Funnel funnel={report.funnel} exportPath={exportPath} />
            <RankedTable title="Top pages" label="Page" rows={report.pages} exportPath={exportPath("pages")} />
            <RankedTable title="Sources" label="Source" rows={report.sources} exportPath={exportPath("sources")} />
            <RankedTable
              title="Most read posts"
              label="Post"
              rows={report.posts}
              exportPath={exportPath("posts")}
              describe={(id) => report.posts.find((post) => post.value === id)?.title ?? id}
              note="Sign-ups and gifts of visits that came by a link (a campaign, another site) and first landed on the post; known for browsers with JavaScript."
              more={[
                { heading: "Sign-ups", value: (row) => row.signUps },
                { heading: "Gifts started", value: (row) => row.started },
                { heading: "Gifts paid", value: (row) => row.paid },
              ]}
            />
            <RankedTable
              title="Campaigns"
              label="Campaign"
              rows={report.campaigns}
              exportPath={exportPath("campaigns")}
              more={[
                { heading: "Sign-ups", value: (row) => row.signUps },
                { heading: "Gifts", value: (row) => row.gifts },
                { heading: "Raised", value: (row) => formatMoney(row.raisedUsdCents, "usd") },
              ]}
            />
            <RankedTable
              title="Languages"
              label="Language"
              rows={report.languages}
              exportPath={exportPath("languages")}
              describe={(value) => (isLocale(value) ? LANGUAGE_NAMES[value] : value)}
            />
            <RankedTable
              title="Devices"
              label="Device"
              rows={report.devices}
              exportPath={exportPath("devices")}
              describe={(value) => DEVICE_NAMES[value] ?? value}
            />
            <RankedTable
              title="Countries"
              label="Country"
              rows={report.countries}
              exportPath={exportPath("countries")}
            />
          </div>
        </>
      )}
    </div>
  );
}
