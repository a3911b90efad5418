import { type FormEvent, useRef, useState } from "react";
import toast from "react-hot-toast";
import {
  AVAILABILITIES,
  VOLUNTEER_INTERESTS,
  VolunteerApplicationSchema,
} from "../../../core/volunteers/volunteers.schema";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { ApiError, api } from "../../lib/api-client";
import type { FormReply } from "../../lib/form-reply";
import { Select, TextArea, TextInput } from "../admin/form-controls";
import { Button } from "../button";
import { resultOfReply, useFormResult } from "./form-result";
import { Honeypot } from "./honeypot";
import { useVisitorForm } from "./use-visitor-form";

const EMPTY = {
  fullName: "",
  email: "",
  phone: "",
  age: "",
  interest: "",
  skillSet: "",
  otherInterestDetail: "",
  availability: "",
  motivation: "",
  linkedin: "",
  twitter: "",
  additionalComments: "",
};
type Values = typeof EMPTY;
export const VOLUNTEER_FIELDS = Object.keys(EMPTY);
export const VOLUNTEER_FAILED = "Submission failed. Please try again.";

/**
 * The volunteer application (spec §2 Join team, §5 rules, §8 toasts). Before the page's JavaScript
 * runs it posts to /join-team (the page's action); `reply` is that answer.
 */
export function VolunteerForm({ reply }: { reply?: FormReply }) {
  const { values, errors, showErrors, change, validate, formRef } = useVisitorForm<
    Values,
    typeof VolunteerApplicationSchema
  >(VolunteerApplicationSchema, EMPTY, reply);
  const [submitting, setSubmitting] = useState(false);
  const { path } = useI18n();
  const [submitted, setSubmitted] = useState(reply?.ok === true);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const result = useFormResult("light", resultOfReply(reply, ""));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate(event.currentTarget);
    if (!data) return;
    result.clear();
    setSubmitting(true);
    const toastId = toast.loading("Submitting your application...");
    try {
      await api("/api/volunteer", { method: "POST", json: data });
      toast.success("Application submitted successfully! We will be in touch soon.", { id: toastId });
      setSubmitted(true);
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (failure) {
      toast.error(VOLUNTEER_FAILED, { id: toastId });
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        showErrors(failure.fields);
      } else {
        result.show(false, VOLUNTEER_FAILED);
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (submitted) {
    return (
      <div id="volunteer-application" className="rounded-2xl bg-brand-light p-8 text-center" role="status">
        <h2 ref={thanksRef} tabIndex={-1} className="text-2xl font-bold text-brand">
          Thank You!
        </h2>
        <p className="mt-3 text-ink">
          Your application has reached our team. We read every one and will contact you soon about the next steps.
        </p>
      </div>
    );
  }

  const field = (name: keyof Values) => ({
    id: `volunteer-${name}`,
    name,
    value: values[name],
    onChange: change,
    error: errors[name],
  });

  return (
    <form
      ref={formRef}
      method="post"
      id="volunteer-application"
      action={path("/join-team#volunteer-application")}
      onSubmit={onSubmit}
      noValidate
      className="relative space-y-5"
      aria-label="Volunteer application"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput {...field("fullName")} required label="Full Name" autoComplete="name" maxLength={120} />
        <TextInput
          {...field("email")}
          required
          label="Email Address"
          type="email"
          autoComplete="email"
          maxLength={254}
        />
        <TextInput {...field("phone")} required label="Phone Number" type="tel" autoComplete="tel" maxLength={40} />
        <TextInput {...field("age")} required label="Age" type="number" inputMode="numeric" min={18} max={120} />
      </div>
      <Select
        {...field("interest")}
        required
        label="Area of Interest"
        options={VOLUNTEER_INTERESTS}
        placeholder="Select an area"
      />
      {values.interest === "Skills-Based Volunteering" && (
        <TextArea
          {...field("skillSet")}
          required
          label="Your Skills"
          rows={3}
          maxLength={500}
          hint="For example teaching, nursing, counselling, accounting, photography."
        />
      )}
      {values.interest === "Other" && (
        <TextInput {...field("otherInterestDetail")} required label="Please specify your interest" maxLength={300} />
      )}
      <Select
        {...field("availability")}
        required
        label="Availability"
        options={AVAILABILITIES}
        placeholder="Select availability"
      />
      <TextArea
        {...field("motivation")}
        required
        label="Why do you want to volunteer with us?"
        rows={5}
        maxLength={3000}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput {...field("linkedin")} label="LinkedIn Profile (optional)" type="url" maxLength={300} />
        <TextInput {...field("twitter")} label="Twitter / X Handle (optional)" maxLength={300} />
      </div>
      <TextArea {...field("additionalComments")} label="Additional Comments (optional)" rows={3} maxLength={3000} />
      <Honeypot />
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Submitting..." : "Submit Application"}
      </Button>
      {result.view ? <div>{result.view}</div> : null}
    </form>
  );
}

export const VolunteerFormIsland = island("volunteer-form", VolunteerForm);
