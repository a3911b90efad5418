import { useEffect, useState } from "react";
import { Link } from "react-router";
import { EDITORS, mayUse } from "../../../core/access/roles";
import type { LedgerSummary } from "../../../core/donations/ledger.service";
import { formatMoney } from "../../../core/money/money";
import type { SubscriberStatus } from "../../../core/subscribers/subscribers.constants";
import { BackgroundWork } from "../../components/admin/background-work";
import { ConsentPanel } from "../../components/admin/consent-panel";
import { UndescribedPanel } from "../../components/admin/undescribed-panel";
import { UnpreparedPicturesPanel } from "../../components/admin/unprepared-pictures";
import { areasFor } from "../../content/admin-navigation";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { useStaffMember } from "../../lib/use-staff-member";

export const meta = () => adminMeta("Dashboard");

/** The figure a tile leads with, and a line saying what it counts. */
interface Figure {
  value: string;
  caption: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const CHANNELS = [
  ["card", "by card"],
  ["birr", "in birr online"],
  ["offline", "offline (bank, cash, cheque)"],
] as const;

/**
 * What the month's figure adds up, way by way: "received this month: $140 by card (2 gifts) and
 * $96.46 offline (bank, cash, cheque) (1 gift)" — never one way's label on everything (test gifts
 * are in none of them).
 */
function receivedThisMonth(summary: LedgerSummary): string {
  const parts = CHANNELS.filter(([key]) => summary.thisMonthBy[key].gifts > 0).map(([key, label]) => {
    const { cents, gifts } = summary.thisMonthBy[key];
    return `${formatMoney(cents, summary.currency)} ${label} (${plural(gifts, "gift", "gifts")})`;
  });
  if (parts.length === 0) return "received this month (no gifts yet)";
  const last = parts.pop();
  return `received this month: ${parts.length > 0 ? `${parts.join(", ")} and ${last}` : last}`;
}

/**
 * The numbers staff act on, one per area that has one; each asked only when the person's role may
 * open that area (the same rule as the sidebar), so nobody's dashboard makes a request they may not.
 */
const FIGURES: Record<string, () => Promise<Figure>> = {
  "/admin/messages": async () => {
    const { count } = await api<{ count: number }>("/api/messages/admin/unread-count");
    return { value: String(count), caption: count === 1 ? "unread message" : "unread messages" };
  },
  "/admin/volunteers": async () => {
    const { count } = await api<{ count: number }>("/api/volunteer/pending-count");
    return { value: String(count), caption: count === 1 ? "pending application" : "pending applications" };
  },
  "/admin/subscribe": async () => {
    // Confirmed addresses: the people a newsletter reaches (pending and unsubscribed ones are not).
    const { confirmed } = await api<Record<SubscriberStatus, number>>("/api/subscribe/counts");
    return { value: String(confirmed), caption: confirmed === 1 ? "subscriber" : "subscribers" };
  },
  "/admin/donations": async () => {
    const summary = await api<LedgerSummary>("/api/admin/donations/summary");
    // Birr gifts paid before a rate was set count in no dollar figure until one is (decision 0740).
    const awaiting =
      summary.awaitingRate > 0
        ? `; ${plural(summary.awaitingRate, "birr gift awaits", "birr gifts await")} a dollar rate (Donating settings)`
        : "";
    return {
      value: formatMoney(summary.thisMonthCents, summary.currency),
      caption: `${receivedThisMonth(summary)}${awaiting}`,
    };
  },
};

export default function AdminDashboard() {
  const { role } = useStaffMember();
  const areas = areasFor(role).filter((area) => area.path !== "/admin");
  const [figures, setFigures] = useState<Record<string, Figure | "failed">>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the role changes
  useEffect(() => {
    let active = true;
    for (const area of areas) {
      const load = FIGURES[area.path];
      if (!load) continue;
      load()
        .then((figure) => active && setFigures((current) => ({ ...current, [area.path]: figure })))
        .catch(() => active && setFigures((current) => ({ ...current, [area.path]: "failed" })));
    }
    return () => {
      active = false;
    };
  }, [role]);

  const counted = areas.filter((area) => FIGURES[area.path]);
  const others = areas.filter((area) => !FIGURES[area.path]);
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {counted.length > 0 && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="What needs attention">
          {counted.map((area) => {
            const figure = figures[area.path];
            return (
              <li key={area.path}>
                <Link
                  to={area.path}
                  className="flex h-full flex-col rounded-2xl border bg-white p-5 shadow-sm hover:border-brand hover:shadow"
                >
                  <span className="text-sm font-semibold uppercase tracking-wide text-muted">{area.title}</span>
                  {figure === undefined ? (
                    <span className="mt-2 block h-9 w-16 animate-pulse rounded bg-gray-100">
                      <span className="sr-only">Loading</span>
                    </span>
                  ) : figure === "failed" ? (
                    <span className="mt-2 text-sm text-muted">Could not load the figure. Open {area.title}.</span>
                  ) : (
                    <>
                      <span className="mt-2 text-3xl font-extrabold text-brand" data-figure={area.path}>
                        {figure.value}
                      </span>
                      <span className="mt-1 text-sm text-muted">{figure.caption}</span>
                    </>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 && <h2 className="mt-10 text-lg font-semibold">Manage</h2>}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {others.map((area) => (
          <li key={area.path}>
            <Link
              to={area.path}
              className="block h-full rounded-2xl border bg-white p-5 shadow-sm hover:border-brand hover:shadow"
            >
              <span className="block text-lg font-semibold text-brand">{area.title}</span>
              <span className="mt-1 block text-sm text-muted">{area.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      {mayUse(role, EDITORS) ? <UnpreparedPicturesPanel /> : null}
      {role === "administrator" ? <BackgroundWork /> : null}
      {mayUse(role, EDITORS) ? <ConsentPanel /> : null}
      {mayUse(role, EDITORS) ? <UndescribedPanel /> : null}
    </div>
  );
}
