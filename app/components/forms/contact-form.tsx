import { type FormEvent, useRef, useState } from "react";
import toast from "react-hot-toast";
import { ContactMessageSchema } from "../../../core/messages/messages.schema";
import { HONEYPOT_FIELD } from "../../../core/shared/honeypot";
import { ApiError, api } from "../../lib/api-client";
import { type FieldErrors, validateForm } from "../../lib/validate-form";
import { focusFirstError, TextArea, TextInput } from "../admin/form-controls";
import { Button } from "../button";
import { Honeypot, honeypotValue } from "./honeypot";

const EMPTY = { name: "", email: "", message: "" };

/** The contact message form (spec §2 Contact, §5 rules, §8 toasts); resets after success. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function change(event: { target: { name: string; value: string } }) {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (attempted) setErrors(validateForm(ContactMessageSchema, next).errors ?? {});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    const result = validateForm(ContactMessageSchema, { ...values, [HONEYPOT_FIELD]: honeypotValue(form) });
    if (result.errors) {
      setErrors(result.errors);
      requestAnimationFrame(() => focusFirstError(formRef.current, result.errors));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const toastId = toast.loading("Sending your message...");
    try {
      await api("/api/messages", { method: "POST", json: result.data });
      toast.success("Message sent successfully! We will get back to you soon.", { id: toastId });
      setValues(EMPTY);
      setAttempted(false);
      form.reset();
    } catch (failure) {
      toast.error("Failed to send message. Please try again.", { id: toastId });
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
    } finally {
      setSubmitting(false);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange: change,
    error: errors[name],
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="relative space-y-5" aria-label="Send us a message">
      <TextInput {...field("name")} label="Your Name" autoComplete="name" maxLength={120} />
      <TextInput {...field("email")} label="Your Email" type="email" autoComplete="email" maxLength={254} />
      <TextArea {...field("message")} label="Message" rows={6} maxLength={5000} />
      <Honeypot />
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
