import { HONEYPOT_FIELD } from "../../../core/shared/honeypot";
import { useI18n } from "../../i18n/i18n";

/** Off-screen trap field for bots (see core/shared/honeypot.ts); people and screen readers skip it. */
export function Honeypot() {
  const { t } = useI18n();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {t("forms.honeypot")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The trap field's value from a submitted form, to send along with the real fields. */
export const honeypotValue = (form: HTMLFormElement) => String(new FormData(form).get(HONEYPOT_FIELD) ?? "");
