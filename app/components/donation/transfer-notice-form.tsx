import { type FormEvent, useId, useState } from "react";
import { CURRENCIES } from "../../../core/money/money";
import { useI18n } from "../../i18n/i18n";
import { ApiError, api } from "../../lib/api-client";
import { cameFromBody } from "../../lib/came-from";
import type { FormReply } from "../../lib/form-reply";
import { Button } from "../button";
import { CameFromFields } from "../forms/came-from-fields";
import { Honeypot, honeypotValue } from "../forms/honeypot";
import { PrivacyNote } from "../forms/privacy-note";

const FIELDS = [
  { name: "name", label: "donation.noticeName", autoComplete: "name" },
  { name: "email", label: "donation.noticeEmail", type: "email", autoComplete: "email" },
  { name: "amount", label: "donation.noticeAmount", inputMode: "decimal" as const },
  { name: "transferredOn", label: "donation.noticeDate", type: "date" },
  { name: "bankReference", label: "donation.noticeReference", autoComplete: "off" },
] as const;

const EMPTY = { name: "", email: "", amount: "", currency: "etb", transferredOn: "", bankReference: "" };
export const TRANSFER_NOTICE_FIELDS = Object.keys(EMPTY);
export const TRANSFER_NOTICE_FAILED = "Could not send. Please try again.";
/** The notice's place on the donation page, where its post without JavaScript comes back to. */
export const TRANSFER_NOTICE_ANCHOR = "transfer-notice";

/**
 * "Tell us about your transfer" (docs/decisions/0322-offline-gifts-and-pledges.md): a donor who gave by bank transfer tells us, so that
 * staff can match it in the statement and confirm it; checked by the server, spam-trapped. In the
 * pop-up it sends itself; on the donation page (/donate, drawn by the server) it is a plain form
 * posted to that page, whose answer comes back as `reply` with `thanks` (decision 0431).
 */
export function TransferNoticeForm({
  reply,
  thanks: answered = null,
  startOpen = false,
}: {
  reply?: FormReply | undefined;
  thanks?: string | null;
  startOpen?: boolean;
}) {
  const { t, error } = useI18n();
  const id = useId();
  const { path } = useI18n();
  const [open, setOpen] = useState(startOpen);
  const [values, setValues] = useState(reply && !reply.ok ? { ...EMPTY, ...reply.values } : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>(
    reply && !reply.ok ? (Object.keys(reply.errors).length > 0 ? reply.errors : { _form: reply.message ?? "" }) : {},
  );
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(answered);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    try {
      const answer = await api<{ message: string }>("/api/pledges", {
        method: "POST",
        json: { ...values, fax_number: honeypotValue(form), ...cameFromBody(form) },
      });
      setThanks(error(answer.message));
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      setErrors(Object.keys(fields).length > 0 ? fields : { _form: t("donation.noticeFailed") });
      const first = FIELDS.find((field) => fields[field.name]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
    } finally {
      setSending(false);
    }
  }

  if (thanks) {
    return (
      <p role="status" className="mt-5 rounded-xl bg-brand-light p-4 font-medium text-brand-dark">
        {error(thanks)}
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-5 font-semibold text-brand underline underline-offset-2 hover:text-brand-dark"
      >
        {t("donation.noticeOpen")}
      </button>
    );
  }
  const input = "mt-1 block w-full rounded-lg border border-black/15 bg-white px-3 py-2 aria-invalid:border-red-600";
  return (
    <form
      method="post"
      action={path(`/donate#${TRANSFER_NOTICE_ANCHOR}`)}
      onSubmit={submit}
      noValidate
      className="relative mt-5 space-y-3"
      aria-labelledby={`${id}-title`}
    >
      <input type="hidden" name="intent" value="pledge" />
      <CameFromFields />
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {t("donation.noticeTitle")}
      </h3>
      <p className="text-sm text-muted">{t("donation.noticeIntro")}</p>
      <Honeypot />
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={`${id}-${field.name}`} className="block text-sm font-semibold text-ink">
            {t(field.label)}
          </label>
          <div className={field.name === "amount" ? "flex gap-2" : undefined}>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={"type" in field ? field.type : "text"}
              inputMode={"inputMode" in field ? field.inputMode : undefined}
              autoComplete={"autoComplete" in field ? field.autoComplete : undefined}
              value={values[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `${id}-${field.name}-error` : undefined}
              className={input}
            />
            {field.name === "amount" && (
              <select
                name="currency"
                aria-label={t("donation.currency")}
                value={values.currency}
                onChange={(event) => setValues({ ...values, currency: event.target.value })}
                className="mt-1 rounded-lg border border-black/15 bg-white px-3 py-2"
              >
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency.toUpperCase()}
                  </option>
                ))}
              </select>
            )}
          </div>
          {errors[field.name] && (
            <p id={`${id}-${field.name}-error`} className="mt-1 text-sm font-medium text-red-700">
              {error(errors[field.name] ?? "")}
            </p>
          )}
        </div>
      ))}
      {errors._form && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error(errors._form)}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={sending}>
        {sending ? t("donation.sending") : t("donation.send")}
      </Button>
      <PrivacyNote />
    </form>
  );
}
