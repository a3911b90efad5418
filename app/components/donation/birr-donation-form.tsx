import { useId } from "react";
import { formatMajor } from "../../../core/money/money";
import { useI18n } from "../../i18n/i18n";
import type { FormReply } from "../../lib/form-reply";
import { Button } from "../button";
import { CameFromFields } from "../forms/came-from-fields";
import type { DesignatedFund } from "./card-donation-form";
import { FEE_COVER_FIELD, FeeCoverField } from "./fee-cover-field";
import { GIFT_EXTRAS_FIELDS, GiftExtrasFields } from "./gift-extras-fields";

/** Where /donate puts the birr form; a refused amount comes back to it. */
export const BIRR_FORM_ANCHOR = "birr-donation";
export const BIRR_FIELDS = [
  "birrPreset",
  "birrCustom",
  "fund",
  "name",
  "email",
  "phone",
  FEE_COVER_FIELD,
  ...GIFT_EXTRAS_FIELDS,
] as const;

/** The amount the birr form holds, as its action reads it: the typed amount if any, else the preset. */
export function birrAmountOf(values: { birrPreset?: string | undefined; birrCustom?: string | undefined }): number {
  const custom = values.birrCustom?.trim() ?? "";
  return Number(custom !== "" ? custom.replace(/,/g, "") : (values.birrPreset ?? ""));
}

const birrAmountOfForm = (form: HTMLFormElement): number | null => {
  const data = new FormData(form);
  const amount = birrAmountOf({
    birrPreset: String(data.get("birrPreset") ?? ""),
    birrCustom: String(data.get("birrCustom") ?? ""),
  });
  return Number.isFinite(amount) && amount > 0 ? amount : null;
};

const field =
  "mt-1 w-full rounded-xl border-2 border-black/10 bg-white px-3 py-2.5 text-base focus:border-brand focus:outline-none";

/**
 * "Pay in birr": a plain form posted to /donate, whose action opens Chapa's hosted checkout (or the
 * sandbox's page) and sends the browser on; the same with or without JavaScript, in the pop-up's
 * Local tab and on the page. The donor picks telebirr, CBE Birr, M-Pesa, a bank or a card there.
 */
export function BirrDonationForm({
  presets,
  feeCoverPercent = 0,
  fund,
  reply,
}: {
  presets: number[];
  /** N of "Add N % so all of my gift reaches the programme"; 0: not offered. */
  feeCoverPercent?: number;
  fund: DesignatedFund | undefined;
  reply?: FormReply | undefined;
}) {
  const { t, path, error: translateError } = useI18n();
  const id = useId();
  const failed = reply && !reply.ok ? reply : undefined;
  const values = failed?.values ?? {};
  const errors = failed?.errors ?? {};
  const amountError = errors.amount ?? errors.fund;
  const message = failed && !amountError && !errors.email && !errors.phone ? failed.message : undefined;
  const chosen = Number(values.birrPreset) || (values.birrCustom ? null : (presets[1] ?? presets[0]));
  const describe = (name: string, error: string | undefined) => (error ? `${id}-${name}-error` : undefined);
  const errorLine = (name: string, error: string | undefined) =>
    error ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {translateError(error)}
      </p>
    ) : null;
  return (
    <form
      method="post"
      action={path(`${fund ? `/donate?fund=${encodeURIComponent(fund.id)}` : "/donate"}#${BIRR_FORM_ANCHOR}`)}
      noValidate
      aria-label={t("birr.form")}
      data-birr-form=""
      className="rounded-xl border-2 border-brand/20 bg-brand-light/30 p-4"
    >
      <h3 className="text-lg font-bold text-ink">{t("birr.title")}</h3>
      <p className="text-sm text-muted">{t("birr.hint")}</p>
      <input type="hidden" name="intent" value="birr" />
      <CameFromFields />
      {fund ? <input type="hidden" name="fund" value={fund.id} /> : null}
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold text-ink">{t("birr.chooseAmount")}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {presets.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-xl border-2 border-black/10 bg-white px-1 py-2.5 text-center font-bold text-ink hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-light has-[:checked]:text-brand-dark has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
            >
              <input
                type="radio"
                name="birrPreset"
                value={value}
                defaultChecked={chosen === value}
                className="sr-only"
              />
              {formatMajor(value, "etb")}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-custom`} className="mt-3 block text-sm font-semibold text-ink">
        {t("birr.customAmount")}
      </label>
      <input
        id={`${id}-custom`}
        name="birrCustom"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values.birrCustom ?? ""}
        aria-invalid={amountError ? true : undefined}
        aria-describedby={describe("amount", amountError)}
        className={field}
      />
      {errorLine("amount", amountError)}
      <label htmlFor={`${id}-name`} className="mt-3 block text-sm font-semibold text-ink">
        {t("birr.name")}
      </label>
      <input
        id={`${id}-name`}
        name="name"
        autoComplete="name"
        maxLength={100}
        defaultValue={values.name ?? ""}
        className={field}
      />
      <label htmlFor={`${id}-email`} className="mt-3 block text-sm font-semibold text-ink">
        {t("birr.email")}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values.email ?? ""}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={describe("email", errors.email)}
        className={field}
      />
      {errorLine("email", errors.email)}
      <label htmlFor={`${id}-phone`} className="mt-3 block text-sm font-semibold text-ink">
        {t("birr.phone")}
      </label>
      <input
        id={`${id}-phone`}
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        defaultValue={values.phone ?? ""}
        aria-invalid={errors.phone ? true : undefined}
        aria-describedby={describe("phone", errors.phone)}
        className={field}
      />
      {errorLine("phone", errors.phone)}
      <FeeCoverField
        percent={feeCoverPercent}
        currency="etb"
        amountOf={birrAmountOfForm}
        presets={presets}
        defaultChecked={values[FEE_COVER_FIELD] === "yes"}
      />
      <GiftExtrasFields values={values} />
      {message ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {translateError(message)}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-4 w-full">
        {t("birr.submit")}
      </Button>
      <p className="mt-2 text-center text-xs text-muted">{t("birr.secure")}</p>
    </form>
  );
}
