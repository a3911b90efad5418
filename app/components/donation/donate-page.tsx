import { CARD_UNAVAILABLE_MESSAGE, PAYMENT_PROVIDER_NAME } from "../../../core/donations/donations.schema";
import { formatMajor } from "../../../core/money/money";
import type { DonationSettings } from "../../content/donation";
import { useI18n } from "../../i18n/i18n";
import type { FormReply } from "../../lib/form-reply";
import { Button } from "../button";
import { CameFromFields } from "../forms/came-from-fields";
import { PrivacyNote } from "../forms/privacy-note";
import { PageHeader } from "../page-header";
import { BankTransferDetails } from "./bank-transfer-details";
import { BIRR_FORM_ANCHOR, BirrDonationForm } from "./birr-donation-form";
import type { DesignatedFund } from "./card-donation-form";
import { FeeCoverField } from "./fee-cover-field";
import { type ExtrasValues, GiftExtrasFields } from "./gift-extras-fields";
import { TRANSFER_NOTICE_ANCHOR, TransferNoticeForm } from "./transfer-notice-form";

export interface DonateCardChoice {
  preset: number | null;
  custom: string;
  frequency: "one-time" | "monthly";
  /** Started from a need card: give to it (true) or where most needed. */
  designated: boolean;
  /** "Add N % …" ticked (kept when a refused amount comes back). */
  coverFees: boolean;
  /** The tribute and wall fields as the donor typed them, after a refused post. */
  extras?: ExtrasValues | undefined;
}

const segment =
  "flex-1 cursor-pointer rounded-full px-4 py-2 text-center font-semibold text-ink transition-colors hover:bg-white has-[:checked]:bg-brand has-[:checked]:text-white has-[:checked]:shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand";

/**
 * The donation page (/donate): the pop-up's two tabs as one server-rendered page that needs no
 * JavaScript (decision 0431). Donate links lead here until the pop-up's island runs; the card form
 * posts to the page, whose action starts the same checkout as the pop-up and sends the browser on
 * to it. Not an island: plain forms, so nothing here waits for a script.
 */
export function DonatePage({
  settings,
  fund,
  choice,
  cardError,
  pledge,
  birr,
}: {
  settings: DonationSettings;
  fund: DesignatedFund | undefined;
  choice: DonateCardChoice;
  cardError: string | undefined;
  pledge: { reply: FormReply | undefined; thanks: string | null };
  birr?: FormReply | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("donate.eyebrow")} title={t("donate.title")}>
        {t("donate.intro")}
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="donate-card" className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="donate-card" className="text-2xl font-bold">
            {t("donate.card")}
            <span className="block text-sm font-medium text-muted">{t("donate.cardHint")}</span>
          </h2>
          {settings.cardPayments === false ? (
            <p className="mt-5 rounded-xl bg-accent-light p-4 font-medium text-ink">{CARD_UNAVAILABLE_MESSAGE}</p>
          ) : (
            <CardForm settings={settings} fund={fund} choice={choice} error={cardError} />
          )}
        </section>
        <section
          id={TRANSFER_NOTICE_ANCHOR}
          aria-labelledby="donate-local"
          className="rounded-2xl bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="donate-local" className="mb-4 text-2xl font-bold">
            {t("donate.local")}
            <span className="block text-sm font-medium text-muted">{t("donate.localHint")}</span>
          </h2>
          {settings.birrPayments ? (
            <div id={BIRR_FORM_ANCHOR} className="mb-6">
              <BirrDonationForm
                presets={settings.birrPresets}
                feeCoverPercent={settings.feeCoverPercent}
                fund={fund}
                reply={birr}
              />
              <h3 className="mt-6 font-bold text-ink">{t("birr.orTransfer")}</h3>
            </div>
          ) : null}
          <BankTransferDetails bank={settings.bank} copyButton={false} />
          <TransferNoticeForm reply={pledge.reply} thanks={pledge.thanks} startOpen />
        </section>
      </div>
      {settings.crowdfundingUrl ? (
        <p className="pb-14 text-center text-muted">
          {t("donate.crowdfundingPrompt")}{" "}
          <a
            href={settings.crowdfundingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark"
          >
            {t("donate.crowdfundingLink")}
            <span className="sr-only"> {t("common.opensInNewTab")}</span>
          </a>
        </p>
      ) : null}
    </>
  );
}

/** The Card tab as a plain form: frequency, amount (preset or custom), then off to the hosted checkout. */
function CardForm({
  settings,
  fund,
  choice,
  error,
}: {
  settings: DonationSettings;
  fund: DesignatedFund | undefined;
  choice: DonateCardChoice;
  error: string | undefined;
}) {
  const { t, rich, path, error: translateError } = useI18n();
  return (
    <form
      method="post"
      // The need card stays in the address (never anything typed): a refused amount comes back with it.
      id="card-donation"
      action={path(`${fund ? `/donate?fund=${encodeURIComponent(fund.id)}` : "/donate"}#card-donation`)}
      noValidate
      aria-label={t("donate.cardForm")}
      className="mt-5"
    >
      <input type="hidden" name="intent" value="card" />
      <CameFromFields />
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t("donate.howOften")}</legend>
        <div className="mt-2 flex gap-1 rounded-full bg-sand p-1">
          {(["one-time", "monthly"] as const).map((value) => (
            <label key={value} className={segment}>
              <input
                type="radio"
                name="frequency"
                value={value}
                defaultChecked={choice.frequency === value}
                className="sr-only"
              />
              {value === "one-time" ? t("donate.oneTime") : t("donate.monthly")}
            </label>
          ))}
        </div>
      </fieldset>

      {fund ? (
        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-ink">{t("donate.whatFor")}</legend>
          <input type="hidden" name="fund" value={fund.id} />
          <div className="mt-2 flex gap-1 rounded-full bg-sand p-1">
            {[true, false].map((forFund) => (
              <label key={String(forFund)} className={segment}>
                <input
                  type="radio"
                  name="designated"
                  value={forFund ? "fund" : "general"}
                  defaultChecked={choice.designated === forFund}
                  className="sr-only"
                />
                {forFund
                  ? rich("donate.forFund", { title: <span lang={fund.lang}>{fund.title}</span> })
                  : t("donate.whereMostNeeded")}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <fieldset className="mt-5">
        <legend className="text-sm font-semibold text-ink">{t("donate.chooseAmount")}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {settings.presets.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-xl border-2 border-black/10 bg-white py-3 text-center text-lg font-bold text-ink hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-light has-[:checked]:text-brand-dark has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
            >
              <input
                type="radio"
                name="preset"
                value={value}
                defaultChecked={choice.preset === value}
                className="sr-only"
              />
              {formatMajor(value)}
            </label>
          ))}
        </div>
        <label htmlFor="donate-custom" className="mt-4 block text-sm font-semibold text-ink">
          {t("donate.customAmount")}
        </label>
        <div
          className={`mt-1 flex items-center rounded-xl border-2 bg-white px-3 focus-within:border-brand ${
            error ? "border-red-600" : "border-black/10"
          }`}
        >
          <span aria-hidden="true" className="text-lg font-semibold text-muted">
            $
          </span>
          <input
            id="donate-custom"
            name="custom"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t("donate.otherAmount")}
            defaultValue={choice.custom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "donate-card-error" : "donate-custom-hint"}
            className="w-full bg-transparent px-2 py-3 text-lg"
          />
          <span aria-hidden="true" className="text-sm text-muted">
            USD
          </span>
        </div>
        <p id="donate-custom-hint" className="mt-1 text-sm text-muted">
          {t("donate.customHint")}
        </p>
      </fieldset>

      <FeeCoverField
        percent={settings.feeCoverPercent}
        currency="usd"
        defaultChecked={choice.coverFees}
        presets={settings.presets}
      />
      <GiftExtrasFields values={choice.extras} />
      {error ? (
        <p
          id="donate-card-error"
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
        >
          {translateError(error)}
        </p>
      ) : null}

      <Button type="submit" size="lg" className="mt-5 w-full">
        {t("donate.submit")}
      </Button>
      <p className="mt-3 text-center text-xs text-muted">{t("donate.secure", { provider: PAYMENT_PROVIDER_NAME })}</p>
      <PrivacyNote className="mt-2 text-center text-muted" />
    </form>
  );
}
