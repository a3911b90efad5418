import { type FormEvent, useId, useRef, useState } from "react";
import {
  type CheckoutSession,
  DONATION_FAILED_MESSAGE,
  type DonationFrequency,
  INVALID_AMOUNT_MESSAGE,
  isValidDonationAmount,
  PAYMENT_PROVIDER_NAME,
  REDIRECT_FAILED_MESSAGE,
} from "../../../core/donations/donations.schema";
import { formatMajor } from "../../../core/money/money";
import type { DonationSettings } from "../../content/donation";
import { useI18n } from "../../i18n/i18n";
import { ApiError, api } from "../../lib/api-client";
import { cameFromBody } from "../../lib/came-from";
import { siteToast } from "../../lib/site-toast";
import { Button } from "../button";
import { CameFromFields } from "../forms/came-from-fields";
import { PrivacyNote } from "../forms/privacy-note";
import { FeeCoverField } from "./fee-cover-field";
import { GiftExtrasFields, giftExtrasOf } from "./gift-extras-fields";

/** Spec §4 reset rule: a preset amount selects it, another amount goes into the custom field. */
export function initialSelection(
  initialAmount: number | undefined,
  amounts: Pick<DonationSettings, "presets" | "defaultAmount">,
): { preset: number | null; custom: string } {
  if (initialAmount !== undefined && amounts.presets.includes(initialAmount)) {
    return { preset: initialAmount, custom: "" };
  }
  if (initialAmount !== undefined && Number.isFinite(initialAmount) && initialAmount > 0) {
    return { preset: null, custom: String(initialAmount) };
  }
  return { preset: amounts.defaultAmount, custom: "" };
}

const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 && typeof error.body?.error === "string"
    ? error.body.error
    : DONATION_FAILED_MESSAGE;

/** A need card a gift starts from (docs/decisions/0321-funds-are-need-cards.md). */
export interface DesignatedFund {
  id: string;
  title: string;
  /** `"en"` when an Amharic page shows the card's English title (decision 0420). */
  lang?: "en" | undefined;
}

/** The Card tab: frequency, amount (preset or custom), then off to the hosted checkout. */
export function CardDonationForm({
  initialAmount,
  fund,
  amounts,
}: {
  initialAmount: number | undefined;
  fund?: DesignatedFund | undefined;
  amounts: Pick<DonationSettings, "presets" | "defaultAmount"> & { feeCoverPercent?: number };
}) {
  const { t, rich, error: translateError, locale } = useI18n();
  // Started from a card: the gift goes there unless the donor switches to where most needed.
  const [designated, setDesignated] = useState(fund !== undefined);
  const start = initialSelection(initialAmount, amounts);
  const [preset, setPreset] = useState<number | null>(start.preset);
  const [custom, setCustom] = useState(start.custom);
  const [frequency, setFrequency] = useState<DonationFrequency>("one-time");
  const [coverFees, setCoverFees] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const customRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const amount = custom.trim() !== "" ? Number(custom.trim()) : preset;
  const valid = amount !== null && isValidDonationAmount(amount);

  function fail(message: string) {
    setError(message);
    siteToast.error(translateError(message));
    setSubmitting(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!valid || amount === null) {
      setError(INVALID_AMOUNT_MESSAGE);
      customRef.current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    let session: CheckoutSession;
    try {
      session = await api<CheckoutSession>("/api/payments/create-checkout-session", {
        method: "POST",
        json: {
          amount,
          frequency,
          ...(fund && designated && { fund: fund.id }),
          ...giftExtrasOf(form),
          // Only when ticked: without it the call is the spec's, unchanged.
          ...(coverFees && { coverFees: true }),
          ...cameFromBody(form),
          // The spec's call as it is on English pages; an Amharic page names its language, for the
          // e-mails the gift sends (the tribute card, a failed monthly payment).
          ...(locale !== "en" && { lang: locale }),
        },
      });
    } catch (caught) {
      fail(failureMessage(caught));
      return;
    }
    try {
      if (typeof session?.url !== "string" || !/^https?:\/\//.test(session.url)) throw new Error();
      // Stays 'Processing...' while the browser leaves for the checkout page.
      window.location.assign(session.url);
    } catch (caught) {
      fail(caught instanceof Error && caught.message ? caught.message : REDIRECT_FAILED_MESSAGE);
    }
  }

  const errorId = `${id}-error`;
  const segment = (active: boolean) =>
    `flex-1 cursor-pointer rounded-full px-4 py-2 text-center font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
      active ? "bg-brand text-white shadow" : "text-ink hover:bg-white"
    }`;

  return (
    <form onSubmit={submit} noValidate>
      <CameFromFields />
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t("donation.howOften")}</legend>
        <div className="mt-2 flex gap-1 rounded-full bg-sand p-1">
          {(["one-time", "monthly"] as const).map((value) => (
            <label key={value} className={segment(frequency === value)}>
              <input
                type="radio"
                name={`${id}-frequency`}
                value={value}
                checked={frequency === value}
                onChange={() => setFrequency(value)}
                className="sr-only"
              />
              {value === "one-time" ? t("donation.oneTime") : t("donation.monthly")}
            </label>
          ))}
        </div>
      </fieldset>

      {fund && (
        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-ink">{t("donation.whatFor")}</legend>
          <div className="mt-2 flex gap-1 rounded-full bg-sand p-1">
            {[true, false].map((forFund) => (
              <label key={String(forFund)} className={segment(designated === forFund)}>
                <input
                  type="radio"
                  name={`${id}-fund`}
                  checked={designated === forFund}
                  onChange={() => setDesignated(forFund)}
                  className="sr-only"
                />
                {forFund
                  ? rich("donation.forFund", { title: <span lang={fund.lang}>{fund.title}</span> })
                  : t("donation.whereMostNeeded")}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="mt-5">
        <legend className="text-sm font-semibold text-ink">{t("donation.chooseAmount")}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {amounts.presets.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={preset === value}
              onClick={() => {
                setPreset(value);
                setCustom("");
                setError(null);
              }}
              className={`rounded-xl border-2 py-3 text-lg font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                preset === value
                  ? "border-brand bg-brand-light text-brand-dark"
                  : "border-black/10 bg-white text-ink hover:border-brand"
              }`}
            >
              {formatMajor(value)}
            </button>
          ))}
        </div>
        <label htmlFor={`${id}-custom`} className="mt-4 block text-sm font-semibold text-ink">
          {t("donation.customAmount")}
        </label>
        <div
          className={`mt-1 flex items-center rounded-xl border-2 bg-white px-3 focus-within:border-brand focus-within:ring-3 focus-within:ring-accent focus-within:ring-offset-2 ${
            error ? "border-red-600" : "border-black/10"
          }`}
        >
          <span aria-hidden="true" className="text-lg font-semibold text-muted">
            $
          </span>
          <input
            ref={customRef}
            id={`${id}-custom`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t("donation.otherAmount")}
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              setPreset(null);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            // The field's frame shows focus (ring above); the site-wide outline would cut through the "$".
            style={{ outline: "none" }}
            className="w-full bg-transparent px-2 py-3 text-lg"
          />
          <span aria-hidden="true" className="text-sm text-muted">
            USD
          </span>
        </div>
      </fieldset>

      {error && (
        <p id={errorId} role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {translateError(error)}
        </p>
      )}

      <FeeCoverField
        percent={amounts.feeCoverPercent ?? 0}
        currency="usd"
        amount={valid ? amount : null}
        checked={coverFees}
        onCheckedChange={setCoverFees}
      />
      <GiftExtrasFields />
      <Button type="submit" size="lg" className="mt-5 w-full" disabled={submitting}>
        {submitting
          ? t("donation.processing")
          : valid && amount !== null
            ? t(frequency === "monthly" ? "donation.donateAmountMonthly" : "donation.donateAmount", {
                amount: formatMajor(amount),
              })
            : t("donation.donate")}
      </Button>
      <p className="mt-3 text-center text-xs text-muted">{t("donation.secure", { provider: PAYMENT_PROVIDER_NAME })}</p>
      <PrivacyNote className="mt-2 text-center text-muted" />
    </form>
  );
}
