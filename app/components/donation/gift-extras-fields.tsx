import { useId } from "react";
import {
  TRIBUTE_NAME_MAX,
  type TributeKind,
  WALL_MESSAGE_MAX,
  WALL_NAME_MAX,
} from "../../../core/donations/donations.schema";
import { useI18n } from "../../i18n/i18n";

/** The form fields below, by name: the no-JavaScript forms read them from the posted form. */
export const GIFT_EXTRAS_FIELDS = [
  "tributeKind",
  "tributeName",
  "notifyName",
  "notifyEmail",
  "showAmount",
  "wallShow",
  "wallName",
  "wallMessage",
] as const;

export type ExtrasValues = Partial<Record<(typeof GIFT_EXTRAS_FIELDS)[number], string>>;

/**
 * The checkout call's `tribute` and `wall` from the fields (docs/decisions/0780, 0781): a tribute
 * only when a name is given; the wall only when its box is ticked (off by default).
 */
export function giftExtrasFrom(values: ExtrasValues) {
  const tributeName = values.tributeName?.trim() ?? "";
  return {
    ...(tributeName && {
      tribute: {
        kind: (values.tributeKind === "honour" ? "honour" : "memory") satisfies TributeKind,
        name: tributeName,
        notifyName: values.notifyName ?? "",
        notifyEmail: values.notifyEmail ?? "",
        showAmount: values.showAmount === "on",
      },
    }),
    ...(values.wallShow === "on" && {
      wall: { show: true, displayName: values.wallName ?? "", message: values.wallMessage ?? "" },
    }),
  };
}

/** The same from a form element, for the pop-up that posts with JavaScript. */
export function giftExtrasOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const values: ExtrasValues = {};
  for (const name of GIFT_EXTRAS_FIELDS) {
    const value = data.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return giftExtrasFrom(values);
}

const field =
  "mt-1 w-full rounded-xl border-2 border-black/10 bg-white px-3 py-2.5 text-base focus:border-brand focus:outline-none";

/**
 * "Give in honour or in memory of someone" and the donor wall's opt-in, folded away until opened
 * (a native disclosure: it works without JavaScript). Uncontrolled: the form reads them when sent.
 */
export function GiftExtrasFields({ values = {} }: { values?: ExtrasValues }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="mt-4 space-y-3">
      <details
        className="rounded-xl border-2 border-black/10 bg-white/60 p-3"
        open={Boolean(values.tributeName || values.notifyName || values.notifyEmail)}
      >
        <summary className="cursor-pointer font-semibold text-ink">{t("extras.tribute")}</summary>
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold text-ink">{t("extras.kind")}</legend>
          <div className="mt-1 flex gap-4">
            {(["memory", "honour"] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="tributeKind"
                  value={kind}
                  defaultChecked={(values.tributeKind ?? "memory") === kind}
                />
                {t(kind === "memory" ? "extras.memory" : "extras.honour")}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-tribute-name`} className="mt-3 block text-sm font-semibold text-ink">
          {t("extras.name")}
        </label>
        <input
          id={`${id}-tribute-name`}
          name="tributeName"
          maxLength={TRIBUTE_NAME_MAX}
          defaultValue={values.tributeName ?? ""}
          className={field}
        />
        <label htmlFor={`${id}-notify-name`} className="mt-3 block text-sm font-semibold text-ink">
          {t("extras.notifyName")}
        </label>
        <input
          id={`${id}-notify-name`}
          name="notifyName"
          maxLength={TRIBUTE_NAME_MAX}
          autoComplete="off"
          defaultValue={values.notifyName ?? ""}
          className={field}
        />
        <label htmlFor={`${id}-notify-email`} className="mt-3 block text-sm font-semibold text-ink">
          {t("extras.notifyEmail")}
        </label>
        <input
          id={`${id}-notify-email`}
          name="notifyEmail"
          type="email"
          autoComplete="off"
          defaultValue={values.notifyEmail ?? ""}
          className={field}
        />
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="showAmount" defaultChecked={values.showAmount === "on"} />
          {t("extras.showAmount")}
        </label>
      </details>
      <details
        className="rounded-xl border-2 border-black/10 bg-white/60 p-3"
        open={Boolean(values.wallShow === "on" || values.wallName || values.wallMessage)}
      >
        <summary className="cursor-pointer font-semibold text-ink">{t("extras.wall")}</summary>
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="wallShow" defaultChecked={values.wallShow === "on"} />
          {t("extras.wall")}
        </label>
        <label htmlFor={`${id}-wall-name`} className="mt-3 block text-sm font-semibold text-ink">
          {t("extras.wallName")}
        </label>
        <input
          id={`${id}-wall-name`}
          name="wallName"
          maxLength={WALL_NAME_MAX}
          defaultValue={values.wallName ?? ""}
          className={field}
        />
        <label htmlFor={`${id}-wall-message`} className="mt-3 block text-sm font-semibold text-ink">
          {t("extras.wallMessage")}
        </label>
        <textarea
          id={`${id}-wall-message`}
          name="wallMessage"
          maxLength={WALL_MESSAGE_MAX}
          rows={2}
          defaultValue={values.wallMessage ?? ""}
          className={field}
        />
        <p className="mt-1 text-sm text-muted">{t("extras.wallHint")}</p>
      </details>
    </div>
  );
}
