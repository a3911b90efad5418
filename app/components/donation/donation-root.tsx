import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { DonationSettings } from "../../content/donation";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { reportDonateOpened } from "../../lib/came-from";
import type { DesignatedFund } from "./card-donation-form";

interface DonationRequest {
  /** Preset amount from a card or slide; undefined opens with the default. */
  amount?: number;
  /** The need card the gift starts from (docs/decisions/0321-funds-are-need-cards.md); undefined: where most needed. */
  fund?: DesignatedFund;
  /** Bumped on every open so the pop-up resets even when opened twice with the same amount. */
  openedAt: number;
  /** The element to give focus back to on close. */
  opener: HTMLElement | null;
}

// The pop-up's code is fetched only when a visitor first opens it (not in the first-paint bundle).
const DonationDialog = lazy(() => import("./donation-dialog"));

/** Donate links (app/lib/donate-link.ts) act as buttons once the pop-up can open: say so to assistive tech. */
function markAsButtons(root: ParentNode) {
  for (const link of root.querySelectorAll<HTMLElement>("a[data-donate]:not([role])")) {
    link.setAttribute("role", "button");
    link.setAttribute("aria-haspopup", "dialog");
  }
}

/**
 * Opens the donation pop-up for any donate link on the page. The links live in other islands or in
 * plain server-rendered HTML, so they are found by one click listener, not by React context. Before
 * this runs (or without JavaScript) they lead to the donation page, /donate; so does a click meant
 * for a new tab.
 */
export function DonationRoot({ settings }: { settings: DonationSettings }) {
  const [request, setRequest] = useState<DonationRequest | null>(null);
  useEffect(() => {
    function open(button: HTMLElement) {
      const amount = Number(button.dataset.donate) || undefined;
      const { fund: id, fundTitle: title, fundTitleLang } = button.dataset;
      const fund = id && title ? { id, title, lang: fundTitleLang === "en" ? ("en" as const) : undefined } : undefined;
      setRequest({ amount, fund, openedAt: Date.now(), opener: button });
      reportDonateOpened();
    }
    function onClick(event: MouseEvent) {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-donate]");
      if (!button || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open(button);
    }
    // A button is pressed with Space too; a link only with Enter (which arrives as a click).
    function onKey(event: KeyboardEvent) {
      const button = (event.target as Element | null)?.closest<HTMLElement>("a[data-donate]");
      if (!button || event.key !== " ") return;
      event.preventDefault();
      open(button);
    }
    markAsButtons(document);
    // Islands draw donate links later too (the mobile menu, the carousel).
    const observer = new MutationObserver(() => markAsButtons(document));
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      observer.disconnect();
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  const close = useCallback(() => {
    setRequest((current) => {
      current?.opener?.focus();
      return null;
    });
  }, []);
  if (!request) return null;
  return (
    <Suspense fallback={<DialogLoading />}>
      <DonationDialog
        key={request.openedAt}
        settings={settings}
        initialAmount={request.amount}
        fund={request.fund}
        onClose={close}
      />
    </Suspense>
  );
}

export const DonationRootIsland = island("donation-root", DonationRoot);

/** On a slow connection the pop-up's code takes a moment: say so instead of seeming to ignore the click. */
function DialogLoading() {
  const { t } = useI18n();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <p role="status" className="rounded-xl bg-white px-5 py-3 font-semibold text-ink shadow-xl">
        {t("donation.opening")}
      </p>
    </div>
  );
}
