import { formatWholeMoney } from "../../../core/money/money";
import type { CtaColor } from "../../content/home";
import { useI18n } from "../../i18n/i18n";
import { donateHref } from "../../lib/donate-link";
import { cardFigures, type NeedCard } from "../../lib/funding";
import { ResponsiveImage } from "../responsive-image";

const CTA_CLASSES: Record<CtaColor, string> = {
  accent: "bg-accent hover:bg-accent-dark",
  brand: "bg-brand hover:bg-brand-dark",
};

/**
 * Spec §3 donation-need card: progress = raised / goal, and a button that opens the pop-up with its
 * amount and its fund (issue #16: the gift goes to this need).
 */
export function DonationNeedCard({ need }: { need: NeedCard }) {
  const { path } = useI18n();
  const { raised, goal, percent } = cardFigures(need);
  const { t } = useI18n();
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <div className="relative">
        <ResponsiveImage
          image={need.image}
          alt={need.imageAlt}
          sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
        />
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-dark">
          {need.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-brand-dark">{need.title}</h3>
        <p className="mt-2 flex-1 text-sm text-muted">{need.description}</p>
        <div className="mt-5">
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-semibold text-ink">{t("need.raised", { amount: formatWholeMoney(raised) })}</span>
            <span className="font-bold text-brand" aria-hidden="true">
              {percent}%
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t("need.funding", { title: need.title })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t("need.fundedText", {
              percent,
              raised: formatWholeMoney(raised),
              goal: formatWholeMoney(goal),
            })}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-brand-light"
          >
            <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-muted">{t("need.goal", { amount: formatWholeMoney(goal) })}</p>
        </div>
        <a
          href={path(donateHref(need.ctaAmount, need.id))}
          className={`mt-5 inline-flex w-full items-center justify-center rounded-full px-5 py-3 font-semibold text-white transition-colors ${CTA_CLASSES[need.ctaColor]}`}
          aria-label={t("need.giveTo", { cta: need.ctaText, title: need.title })}
          data-donate={need.ctaAmount}
          data-fund={need.id}
          data-fund-title={need.title}
        >
          {need.ctaText}
        </a>
      </div>
    </article>
  );
}
