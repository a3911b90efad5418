import { formatWholeMoney } from "../../../core/money/money";
import type { CtaColor } from "../../content/home";
import { useI18n } from "../../i18n/i18n";
import { useCameFrom } from "../../lib/came-from";
import { donateHref } from "../../lib/donate-link";
import { cardFigures, type NeedCard } from "../../lib/funding";
import { ResponsiveImage } from "../responsive-image";

const CTA_CLASSES: Record<CtaColor, string> = {
  accent: "bg-accent hover:bg-accent-dark",
  brand: "bg-brand hover:bg-brand-dark",
};

/**
 * Spec §3 donation-need card: progress = raised / goal, and a button that opens the pop-up with its
 * amount and its fund (the gift goes to this need: docs/decisions/0321-funds-are-need-cards.md).
 */
export function DonationNeedCard({
  need,
  lang = () => undefined,
}: {
  need: NeedCard;
  /** `"en"` for a text of the card an Amharic page shows in English (by its key, e.g. "title"). */
  lang?: (key: "imageAlt" | "category" | "title" | "description" | "ctaText") => "en" | undefined;
}) {
  const { t, rich, path } = useI18n();
  const cameFrom = useCameFrom();
  const { raised, goal, percent } = cardFigures(need);
  const title = <span lang={lang("title")}>{need.title}</span>;
  const fundingId = `need-${need.id}-funding`;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <div className="relative">
        <ResponsiveImage
          image={need.image}
          alt={need.imageAlt}
          lang={lang("imageAlt")}
          sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
        />
        <span
          lang={lang("category")}
          className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-dark"
        >
          {need.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-brand-dark" lang={lang("title")}>
          {need.title}
        </h3>
        <p className="mt-2 flex-1 text-sm text-muted" lang={lang("description")}>
          {need.description}
        </p>
        <div className="mt-5">
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-semibold text-ink">{t("need.raised", { amount: formatWholeMoney(raised) })}</span>
            <span className="font-bold text-brand" aria-hidden="true">
              {percent}%
            </span>
          </div>
          <div
            role="progressbar"
            // Named by a text, not aria-label: an English title inside the Amharic words keeps its own lang.
            aria-labelledby={fundingId}
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
          <span id={fundingId} hidden>
            {rich("need.funding", { title })}
          </span>
          <p className="mt-2 text-sm text-muted">{t("need.goal", { amount: formatWholeMoney(goal) })}</p>
        </div>
        <a
          href={path(donateHref(need.ctaAmount, need.id, cameFrom))}
          className={`mt-5 inline-flex w-full items-center justify-center rounded-full px-5 py-3 font-semibold text-white transition-colors ${CTA_CLASSES[need.ctaColor]}`}
          data-donate={need.ctaAmount}
          data-fund={need.id}
          data-fund-title={need.title}
          data-fund-title-lang={lang("title")}
        >
          {/* The name is "Give $15 to ECCD Package" (the visible text in it, WCAG 2.5.3), each part in its language. */}
          <span aria-hidden="true" lang={lang("ctaText")}>
            {need.ctaText}
          </span>
          <span className="sr-only">
            {rich("need.giveTo", { cta: <span lang={lang("ctaText")}>{need.ctaText}</span>, title })}
          </span>
        </a>
      </div>
    </article>
  );
}
