import { type FormEvent, useRef, useState } from "react";
import { HONEYPOT_FIELD } from "../../../core/shared/honeypot";
import { newsletterEmailError } from "../../../core/subscribers/email-address-rules";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { api, errorMessage } from "../../lib/api-client";
import { cameFromBody } from "../../lib/came-from";
import type { FormReply } from "../../lib/form-reply";
import { siteToast } from "../../lib/site-toast";
import { CameFromFields } from "./came-from-fields";
import { resultOfReply, useFormResult } from "./form-result";
import { Honeypot, honeypotValue } from "./honeypot";
import { PrivacyNote } from "./privacy-note";

export const SUBSCRIBED = "Thank you for subscribing!";
export const SUBSCRIBE_FAILED = "Subscription failed. Please try again.";
/** Where the form posts before the page's JavaScript runs: the archive page answers (decision 0430). */
export const NEWSLETTER_SIGNUP_ANCHOR = "newsletter-signup";

/**
 * The footer's newsletter sign-up (spec §4, §5, §8). On every public page, so kept small: no zod.
 * Before the page's JavaScript runs it posts to /newsletter, whose page shows it again with `reply`
 * (`idPrefix` keeps that copy's ids apart from the footer's). `confirmByEmail`: the site sends a
 * confirmation e-mail (double opt-in), which the result line then mentions after the spec's thanks
 * (docs/decisions/0753).
 */
export function NewsletterForm({
  reply,
  idPrefix = "newsletter",
  confirmByEmail = false,
}: {
  reply?: FormReply;
  idPrefix?: string;
  confirmByEmail?: boolean;
}) {
  const { t, error: translateError, locale } = useI18n();
  const [email, setEmail] = useState(reply && !reply.ok ? (reply.values.email ?? "") : "");
  const [error, setError] = useState(reply?.errors.email ?? "");
  const [submitting, setSubmitting] = useState(false);
  const { path } = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  // A refused address shows its field message; any other answer, the result line.
  const onItsWay = confirmByEmail ? t("newsletter.confirmationOnItsWay") : undefined;
  const result = useFormResult("dark", reply?.errors.email ? null : resultOfReply(reply, SUBSCRIBED, onItsWay));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const invalid = newsletterEmailError(email);
    if (invalid) {
      setError(invalid);
      inputRef.current?.focus();
      return;
    }
    setError("");
    result.clear();
    setSubmitting(true);
    const toastId = siteToast.loading(t("toast.subscribing"));
    try {
      // The confirmation e-mail comes in the page's language (`?lang`, ours: the body is the spec's).
      await api(locale === "en" ? "/api/subscribe" : `/api/subscribe?lang=${locale}`, {
        method: "POST",
        json: { email: email.trim(), [HONEYPOT_FIELD]: honeypotValue(form), ...cameFromBody(form) },
      });
      siteToast.success(t("toast.subscribed"), { id: toastId });
      result.show(true, t("toast.subscribed"), onItsWay);
      setEmail("");
      form.reset();
    } catch (failure) {
      const message = translateError(errorMessage(failure, t("toast.subscribeFailed")));
      siteToast.error(message, { id: toastId });
      result.show(false, message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action={path(`/newsletter#${NEWSLETTER_SIGNUP_ANCHOR}`)}
      onSubmit={onSubmit}
      noValidate
      className="relative mt-4"
      aria-label={t("newsletter.form")}
    >
      <p className="text-white/80">{t("newsletter.intro")}</p>
      <label htmlFor={`${idPrefix}-email`} className="mt-3 block text-sm font-medium">
        {t("newsletter.email")}
      </label>
      <div className="mt-1 flex gap-2 lg:flex-col">
        <input
          ref={inputRef}
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            result.clear();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-email-error` : undefined}
          className="w-0 min-w-0 flex-1 rounded-full lg:w-full lg:flex-none border border-white/30 bg-white px-4 py-2.5 text-ink placeholder:text-gray-500 aria-invalid:border-red-400 aria-invalid:ring-2 aria-invalid:ring-red-400"
        />
        <button
          type="submit"
          // aria-disabled, not disabled: a disabled button drops keyboard focus, and the result would be read to nobody.
          aria-disabled={submitting || undefined}
          className="shrink-0 rounded-full bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-dark aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {submitting ? "..." : t("newsletter.subscribe")}
        </button>
      </div>
      {error ? (
        <p
          id={`${idPrefix}-email-error`}
          role="alert"
          // A light red on the dark teal measured 4.5:1 yet read faint: dark red on white is 7:1 and plain to see.
          className="mt-2 inline-block rounded-md bg-white px-2 py-1 text-sm font-semibold text-red-800"
        >
          {translateError(error)}
        </p>
      ) : null}
      {result.view}
      <PrivacyNote className="mt-2 text-white/80" />
      <Honeypot />
      <CameFromFields />
    </form>
  );
}

export const NewsletterFormIsland = island("newsletter-form", NewsletterForm);
