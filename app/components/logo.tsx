import { useI18n } from "../i18n/i18n";

/** The wordmark: two-tone bars, 'HOPE BEHIND BARS.' and a handwritten tagline. */
export function Logo({ tagline = true, className = "" }: { tagline?: boolean; className?: string }) {
  // Without the tagline (the back office's narrow sidebar) the wordmark is smaller and never wraps.
  const size = tagline ? "text-[0.8rem] sm:text-[1.05rem] sm:tracking-wide" : "text-[0.9rem]";
  const { t, locale } = useI18n();
  return (
    <span className={`inline-flex items-center gap-1.5 sm:gap-2.5 ${className}`}>
      <svg width="30" height="36" viewBox="0 0 30 36" aria-hidden="true" focusable="false">
        <rect x="1" y="2" width="5" height="32" rx="2" fill="#0b5563" />
        <rect x="9" y="2" width="5" height="32" rx="2" fill="#b4430e" />
        <rect x="17" y="2" width="5" height="32" rx="2" fill="#0b5563" />
        <rect x="25" y="2" width="4" height="32" rx="2" fill="#b4430e" />
      </svg>
      {/* Below 360 px (small phones) only the bars show: the header must not scroll sideways. */}
      <span className="flex flex-col leading-none max-[359px]:hidden">
        {/* The brand name stays English on every page, marked as such for Amharic readers' screen readers. */}
        <span lang="en" className={`whitespace-nowrap font-extrabold text-brand ${size}`}>
          HOPE <span className="text-accent">BEHIND</span> BARS.
        </span>
        {tagline && (
          <span className={`mt-0.5 hidden text-[0.8rem] text-muted sm:block ${locale === "en" ? "font-hand" : ""}`}>
            {t("logo.tagline")}
          </span>
        )}
      </span>
    </span>
  );
}
