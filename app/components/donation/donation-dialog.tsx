import { type KeyboardEvent, useId, useRef, useState } from "react";
import { CARD_UNAVAILABLE_MESSAGE } from "../../../core/donations/donations.schema";
import type { DonationSettings } from "../../content/donation";
import { useI18n } from "../../i18n/i18n";
import { ICON_PATHS, Icon } from "../icon";
import { BankTransferDetails } from "./bank-transfer-details";
import { BirrDonationForm } from "./birr-donation-form";
import { CardDonationForm, type DesignatedFund } from "./card-donation-form";
import { TransferNoticeForm } from "./transfer-notice-form";
import { useModal } from "./use-modal";

export interface DonationDialogProps {
  /** Preset from a slide or need card; undefined opens with the default (spec §4). */
  initialAmount?: number;
  /** The need card it was opened from, if any. */
  fund?: DesignatedFund | undefined;
  settings: DonationSettings;
  onClose: () => void;
}

type Tab = "card" | "local";
const TABS: Array<{ id: Tab; label: string }> = [
  { id: "card", label: "Card" },
  { id: "local", label: "Local" },
];

/**
 * The donation pop-up (spec §4). Mounted afresh on every open (DonationRoot keys it), so its
 * state starts from the reset rules each time. Loaded lazily: not part of any page's first paint.
 */
export default function DonationDialog({ initialAmount, fund, settings, onClose }: DonationDialogProps) {
  const { t, error } = useI18n();
  const [tab, setTab] = useState<Tab>("card");
  const panelRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ card: null, local: null });
  const id = useId();
  useModal(panelRef, onClose);

  function onTabKey(event: KeyboardEvent) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: Tab = event.key === "Home" ? "card" : event.key === "End" ? "local" : tab === "card" ? "local" : "card";
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/60 p-3 sm:items-center sm:p-6">
      {/* The backdrop is a sibling, not the panel's parent, so clicks inside never reach it. */}
      <div className="fixed inset-0" aria-hidden="true" data-testid="donation-backdrop" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        tabIndex={-1}
        className="relative my-auto w-full max-w-lg rounded-2xl bg-white shadow-2xl outline-none"
      >
        <div className="flex items-start justify-between gap-4 on-dark rounded-t-2xl bg-brand px-5 pt-5 pb-4 text-white sm:px-7">
          <div>
            <h2 id={`${id}-title`} className="text-xl font-bold sm:text-2xl">
              {t("donation.title")}
            </h2>
            <p id={`${id}-intro`} className="mt-1 text-sm text-white/85">
              {t("donation.intro")}
            </p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("common.close")}
            className="-mr-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          >
            <Icon d={ICON_PATHS.close} size={22} strokeWidth={2.5} />
          </button>
        </div>

        <div className="px-5 pt-5 pb-6 sm:px-7">
          <div
            role="tablist"
            aria-label={t("donation.waysToGive")}
            className="grid grid-cols-2 border-b border-black/10"
          >
            {TABS.map((item) => (
              <button
                key={item.id}
                ref={(element) => {
                  tabRefs.current[item.id] = element;
                }}
                id={`${id}-tab-${item.id}`}
                type="button"
                role="tab"
                aria-selected={tab === item.id}
                aria-controls={`${id}-panel-${item.id}`}
                tabIndex={tab === item.id ? 0 : -1}
                data-autofocus={tab === item.id ? "" : undefined}
                onClick={() => setTab(item.id)}
                onKeyDown={onTabKey}
                className={`-mb-px border-b-4 px-3 pb-2.5 text-base font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                  tab === item.id ? "border-accent text-accent" : "border-transparent text-muted hover:text-ink"
                }`}
              >
                {item.id === "card" ? t("donation.tabCard") : t("donation.tabLocal")}
                <span className="block text-xs font-medium text-muted">
                  {item.id === "card" ? t("donation.tabCardHint") : t("donation.tabLocalHint")}
                </span>
              </button>
            ))}
          </div>

          {/* Both panels stay mounted so a chosen amount survives a look at the bank details. */}
          <div
            id={`${id}-panel-card`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-card`}
            hidden={tab !== "card"}
            className="pt-5"
          >
            {settings.cardPayments === false ? (
              <div className="rounded-xl bg-accent-light p-4">
                <p className="font-medium text-ink">{error(CARD_UNAVAILABLE_MESSAGE)}</p>
                <button
                  type="button"
                  onClick={() => setTab("local")}
                  className="mt-3 font-semibold text-brand underline underline-offset-2"
                >
                  {t("donation.seeBank")}
                </button>
              </div>
            ) : (
              <CardDonationForm initialAmount={initialAmount} fund={fund} amounts={settings} />
            )}
          </div>
          <div
            id={`${id}-panel-local`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-local`}
            hidden={tab !== "local"}
            className="pt-5"
          >
            {settings.birrPayments ? (
              <div className="mb-5">
                <BirrDonationForm
                  presets={settings.birrPresets}
                  feeCoverPercent={settings.feeCoverPercent}
                  fund={fund}
                />
                <h3 className="mt-5 font-bold text-ink">{t("birr.orTransfer")}</h3>
              </div>
            ) : null}
            <BankTransferDetails bank={settings.bank} />
            <TransferNoticeForm />
          </div>

          {settings.crowdfundingUrl && (
            <p className="mt-6 border-t border-black/10 pt-4 text-center text-sm text-muted">
              {t("donation.crowdfundingBefore")}{" "}
              <a
                href={settings.crowdfundingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark"
              >
                {t("donation.crowdfunding")}
                <span className="sr-only"> {t("common.opensInNewTab")}</span>
              </a>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
