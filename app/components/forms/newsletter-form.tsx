import { type FormEvent, useRef, useState } from "react";
import toast from "react-hot-toast";
import { HONEYPOT_FIELD } from "../../../core/shared/honeypot";
import { newsletterEmailError } from "../../../core/subscribers/newsletter-email";
import { island } from "../../islands/island";
import { api, errorMessage } from "../../lib/api-client";
import { useFormResult } from "./form-result";
import { Honeypot, honeypotValue } from "./honeypot";

/** The footer's newsletter sign-up (spec §4, §5, §8). On every public page, so kept small: no zod. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const result = useFormResult("dark");

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
    const toastId = toast.loading("Subscribing...");
    try {
      await api("/api/subscribe", {
        method: "POST",
        json: { email: email.trim(), [HONEYPOT_FIELD]: honeypotValue(form) },
      });
      toast.success("Thank you for subscribing!", { id: toastId });
      result.show(true, "Thank you for subscribing!");
      setEmail("");
      form.reset();
    } catch (failure) {
      const message = errorMessage(failure, "Subscription failed. Please try again.");
      toast.error(message, { id: toastId });
      result.show(false, message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative mt-4" aria-label="Newsletter sign-up">
      <p className="text-white/80">News from our programmes, a few times a year.</p>
      <label htmlFor="newsletter-email" className="mt-3 block text-sm font-medium">
        Email address
      </label>
      <div className="mt-1 flex gap-2 lg:flex-col">
        <input
          ref={inputRef}
          id="newsletter-email"
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
          aria-describedby={error ? "newsletter-email-error" : undefined}
          className="w-0 min-w-0 flex-1 rounded-full lg:w-full lg:flex-none border border-white/30 bg-white px-4 py-2.5 text-ink placeholder:text-gray-500 aria-invalid:border-red-400 aria-invalid:ring-2 aria-invalid:ring-red-400"
        />
        <button
          type="submit"
          // aria-disabled, not disabled: a disabled button drops keyboard focus, and the result would be read to nobody.
          aria-disabled={submitting || undefined}
          className="shrink-0 rounded-full bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-dark aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {submitting ? "..." : "Subscribe"}
        </button>
      </div>
      {error ? (
        <p
          id="newsletter-email-error"
          role="alert"
          // A light red on the dark teal measured 4.5:1 yet read faint: dark red on white is 7:1 and plain to see.
          className="mt-2 inline-block rounded-md bg-white px-2 py-1 text-sm font-semibold text-red-800"
        >
          {error}
        </p>
      ) : null}
      {result.view}
      <Honeypot />
    </form>
  );
}

export const NewsletterFormIsland = island("newsletter-form", NewsletterForm);
