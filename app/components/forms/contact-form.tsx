import { type FormEvent, useState } from "react";
import { ContactMessageSchema } from "../../../core/messages/messages.schema";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { ApiError, api } from "../../lib/api-client";
import type { FormReply } from "../../lib/form-reply";
import { siteToast } from "../../lib/site-toast";
import { TextArea, TextInput } from "../admin/form-controls";
import { Button } from "../button";
import { resultOfReply, useFormResult } from "./form-result";
import { Honeypot } from "./honeypot";
import { PrivacyNote } from "./privacy-note";
import { useVisitorForm } from "./use-visitor-form";

const EMPTY = { name: "", email: "", message: "" };
export const CONTACT_FIELDS = Object.keys(EMPTY);
export const CONTACT_SENT = "Message sent successfully! We will get back to you soon.";
export const CONTACT_FAILED = "Failed to send message. Please try again.";

/**
 * The contact message form (spec §2 Contact, §5 rules, §8 toasts); resets after success. Before the
 * page's JavaScript runs it posts to /contact (the page's action); `reply` is that answer.
 */
export function ContactForm({ reply }: { reply?: FormReply }) {
  const { t, error } = useI18n();
  const { values, errors, setErrors, change, validate, reset, formRef } = useVisitorForm(
    ContactMessageSchema,
    EMPTY,
    reply,
  );
  const [submitting, setSubmitting] = useState(false);
  const { path } = useI18n();
  const result = useFormResult("light", resultOfReply(reply, error(CONTACT_SENT)));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Not `disabled` while sending: that drops keyboard focus; the button keeps it through the result.
    if (submitting) return;
    const form = event.currentTarget;
    const data = validate(form);
    if (!data) return;
    result.clear();
    setSubmitting(true);
    const toastId = siteToast.loading(t("toast.contactSending"));
    try {
      await api("/api/messages", { method: "POST", json: data });
      siteToast.success(t("toast.contactSent"), { id: toastId });
      result.show(true, t("toast.contactSent"));
      reset();
      form.reset();
    } catch (failure) {
      siteToast.error(t("toast.contactFailed"), { id: toastId });
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
      result.show(false, CONTACT_FAILED);
    } finally {
      setSubmitting(false);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { name: string; value: string } }) => {
      change(event);
      result.clear();
    },
    error: errors[name] && error(errors[name]),
  });

  return (
    <form
      ref={formRef}
      method="post"
      // The answer scrolls back to the form (its messages), not to the top of the page.
      id="send-message"
      action={path("/contact#send-message")}
      onSubmit={onSubmit}
      noValidate
      className="relative space-y-5"
      aria-label={t("contact.form")}
    >
      <TextInput {...field("name")} required label={t("contact.name")} autoComplete="name" maxLength={120} />
      <TextInput
        {...field("email")}
        required
        label={t("contact.email")}
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <TextArea {...field("message")} required label={t("contact.message")} rows={6} maxLength={5000} />
      <Honeypot />
      <Button type="submit" size="lg" aria-disabled={submitting || undefined} className="w-full sm:w-auto">
        {submitting ? t("contact.sending") : t("contact.send")}
      </Button>
      <PrivacyNote />
      {result.view ? <div>{result.view}</div> : null}
    </form>
  );
}

export const ContactFormIsland = island("contact-form", ContactForm);
