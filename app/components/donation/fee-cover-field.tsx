import { useEffect, useId, useRef, useState } from "react";
import { type Currency, formatMoney, shareOf, toMinor } from "../../../core/money/money";
import { useI18n } from "../../i18n/i18n";

/** The form field's name; "yes" when ticked (the API's `coverFees: true`). */
export const FEE_COVER_FIELD = "coverFees";

/**
 * "Add N % so all of my gift reaches the programme" (docs/decisions/0830-covering-the-fees.md):
 * unticked by default; hidden while staff set N to 0. With JavaScript the sum it adds shows as the
 * amount changes: from `amount` (a form that keeps it in state) or read from the enclosing form by
 * `amountOf` (a plain form). The server works the sum out again from N; this one only informs. Where no
 * amount can be read live (/donate without JavaScript), `presets` shows what it adds to each preset
 * amount instead (docs/decisions/0888-fee-cover-without-javascript.md).
 */
export function FeeCoverField({
  percent,
  currency,
  amount,
  amountOf,
  checked,
  onCheckedChange,
  defaultChecked = false,
  presets,
}: {
  percent: number;
  currency: Currency;
  amount?: number | null;
  amountOf?: (form: HTMLFormElement) => number | null;
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  defaultChecked?: boolean;
  /** The form's preset amounts, in major units. */
  presets?: readonly number[];
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [read, setRead] = useState<number | null>(null);

  useEffect(() => {
    const form = ref.current?.form;
    if (!form || !amountOf) return;
    const update = () => setRead(amountOf(form));
    update();
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [amountOf]);

  if (percent <= 0) return null;
  const major = amount !== undefined ? amount : read;
  const minor = major !== null && Number.isFinite(major) ? toMinor(major, currency) : undefined;
  const added = minor !== undefined && minor > 0 ? shareOf(minor, percent) : 0;
  return (
    <div className="mt-4 rounded-xl bg-sand/60 px-3 py-2.5">
      <label htmlFor={`${id}-cover`} className="flex cursor-pointer items-start gap-2 text-sm font-semibold text-ink">
        <input
          ref={ref}
          id={`${id}-cover`}
          type="checkbox"
          name={FEE_COVER_FIELD}
          value="yes"
          {...(checked !== undefined
            ? { checked, onChange: (event) => onCheckedChange?.(event.target.checked) }
            : { defaultChecked })}
          aria-describedby={`${id}-adds`}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
        />
        <span>{t("donation.feeCover", { percent })}</span>
      </label>
      <p id={`${id}-adds`} aria-live="polite" className="mt-1 pl-6 text-sm text-muted">
        {minor !== undefined && added > 0
          ? t("donation.feeCoverAdds", {
              amount: formatMoney(added, currency),
              total: formatMoney(minor + added, currency),
            })
          : presets && presets.length > 0
            ? t("donation.feeCoverOnPresets", {
                percent,
                list: new Intl.ListFormat(locale, { type: "conjunction" }).format(
                  presets.map((preset) => {
                    const gift = toMinor(preset, currency) ?? 0;
                    return t("donation.feeCoverOnPreset", {
                      added: formatMoney(shareOf(gift, percent), currency),
                      amount: formatMoney(gift, currency),
                    });
                  }),
                ),
              })
            : null}
      </p>
    </div>
  );
}
