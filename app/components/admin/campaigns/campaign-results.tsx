import { useEffect, useState } from "react";
import type { Campaign, CampaignResultDay, CampaignResults } from "../../../../core/campaigns/campaigns.schema";
import { formatMoney } from "../../../../core/money/money";
import { api } from "../../../lib/api-client";
import { ExportCsvButton } from "../export-csv-button";
import { BACK, DaysChart, FRONT } from "../insight/insight-charts";

const card = "rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5";

/** Each currency that came, as "$250.00 and Br 1,555.00"; "nothing yet" when none. */
const raisedText = (raised: Record<string, number>) =>
  Object.entries(raised)
    .filter(([, cents]) => cents !== 0)
    .map(([currency, cents]) => formatMoney(cents, currency))
    .join(" and ") || "nothing yet";

/** True when every currency that came is the US dollar (or nothing came). */
const onlyDollars = (raised: Record<string, number>) =>
  Object.entries(raised).every(([currency, cents]) => currency === "usd" || cents === 0);

/**
 * What came through a campaign's links (docs/decisions/0801-campaign-results.md): visits, newsletter
 * sign-ups, gifts and money per day, in each currency and in US dollars against its goal, drawn as
 * the donations dashboard draws its bars, each chart with its table for screen readers, and a CSV.
 */
export function CampaignResultsPanel({ campaign }: { campaign: Campaign }) {
  const [answer, setAnswer] = useState<{ days: CampaignResultDay[]; results: CampaignResults } | null | "failed">(null);
  useEffect(() => {
    setAnswer(null);
    api<{ days: CampaignResultDay[]; results: CampaignResults }>(`/api/campaigns/${campaign.id}`)
      .then(setAnswer)
      .catch(() => setAnswer("failed"));
  }, [campaign.id]);

  const heading = (
    <h2 id="campaign-results" className="font-semibold">
      Results of “{campaign.name}”
    </h2>
  );
  if (answer === null || answer === "failed" || answer.days.length === 0) {
    return (
      <section aria-labelledby="campaign-results" className={`${card} lg:col-span-2`}>
        {heading}
        <p className="mt-2 text-sm text-muted">
          {answer === null
            ? "Loading results…"
            : answer === "failed"
              ? "The results could not be loaded. Please try again."
              : "No results yet: the campaign has not started."}
        </p>
      </section>
    );
  }
  const { days, results } = answer;
  const tiles = [
    { label: "Visitors", value: String(results.visitors), testId: "campaign-visitors" },
    { label: "Page views", value: String(results.views), testId: "campaign-visits" },
    { label: "Newsletter sign-ups", value: String(results.signUps), testId: "campaign-sign-ups" },
    { label: "Gifts", value: String(results.gifts), testId: "campaign-gifts" },
  ];
  return (
    <section aria-labelledby="campaign-results" className="grid gap-4 lg:col-span-2">
      <div className={card}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          <ExportCsvButton path={`/api/campaigns/${campaign.id}/export.csv`} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {days[0]?.day} to {days.at(-1)?.day}. Test gifts are not counted.
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tiles.map((tile) => (
            <div key={tile.label} className="rounded-xl bg-brand-light/50 px-3 py-2">
              <dt className="text-sm text-muted">{tile.label}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid={tile.testId}>
                {tile.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-4">
          <p className="text-sm">
            Raised:{" "}
            <span className="font-semibold" data-testid="campaign-raised">
              {raisedText(results.raised)}
            </span>
            {/* Dollars alone need no second figure; birr is also said in the dollars it counts as. */}
            {onlyDollars(results.raised) ? null : (
              <>
                {", in US dollars "}
                <span className="font-semibold" data-testid="campaign-raised-usd">
                  {formatMoney(results.raisedUsdCents, "usd")}
                </span>
              </>
            )}
            {campaign.goalCents !== null && results.goalPercent !== null ? (
              <>, of its goal of {formatMoney(campaign.goalCents, "usd")}</>
            ) : null}
          </p>
          {campaign.goalCents !== null && results.goalPercent !== null ? (
            <div className="mt-2 flex items-center gap-3">
              <progress
                // The need cards' colours: a browser's own progress bar would be green on grey.
                className="h-3 w-full appearance-none overflow-hidden rounded-full bg-brand-light [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-brand-light [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand"
                max={100}
                value={Math.min(100, results.goalPercent)}
                aria-label="Share of the goal raised"
              />
              <span className="shrink-0 text-sm font-semibold tabular-nums">{results.goalPercent}%</span>
            </div>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <DaysChart<CampaignResultDay>
          caption="Visitors and page views per day"
          days={days}
          series={[
            { label: "Page views", value: (day) => day.views, ...BACK },
            { label: "Visitors", value: (day) => day.visitors, ...FRONT },
          ]}
          testId="campaign-visits-chart"
        />
        <DaysChart<CampaignResultDay>
          caption="Money raised per day, in US dollars"
          days={days}
          series={[
            {
              label: "Raised in US dollars",
              value: (day) => day.raisedUsdCents,
              text: (day) => `${formatMoney(day.raisedUsdCents, "usd")} (${raisedText(day.raised)})`,
              ...FRONT,
            },
          ]}
          testId="campaign-money-chart"
        />
        <DaysChart<CampaignResultDay>
          caption="Gifts and newsletter sign-ups per day"
          days={days}
          series={[
            { label: "Sign-ups", value: (day) => day.signUps, ...BACK },
            { label: "Gifts", value: (day) => day.gifts, ...FRONT },
          ]}
          testId="campaign-gifts-chart"
        />
      </div>
    </section>
  );
}
