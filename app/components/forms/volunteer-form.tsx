import { type FormEvent, useRef, useState } from "react";
import {
  AVAILABILITIES,
  VOLUNTEER_INTERESTS,
  VolunteerApplicationSchema,
} from "../../../core/volunteers/volunteers.schema";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { ApiError, api } from "../../lib/api-client";
import { cameFromBody } from "../../lib/came-from";
import type { FormReply } from "../../lib/form-reply";
import { siteToast } from "../../lib/site-toast";
import { Select, TextArea, TextInput } from "../admin/form-controls";
import { Button } from "../button";
import { CameFromFields } from "./came-from-fields";
import { resultOfReply, useFormResult } from "./form-result";
import { Honeypot } from "./honeypot";
import { PrivacyNote } from "./privacy-note";
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
  const { t, error } = useI18n();
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
    const form = event.currentTarget;
    const data = validate(form);
    if (!data) return;
    result.clear();
    setSubmitting(true);
    const toastId = siteToast.loading(t("toast.volunteerSending"));
    try {
      await api("/api/volunteer", { method: "POST", json: { ...data, ...cameFromBody(form) } });
      siteToast.success(t("toast.volunteerSent"), { id: toastId });
      setSubmitted(true);
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (failure) {
      siteToast.error(t("toast.volunteerFailed"), { id: toastId });
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
          {t("volunteer.thanks")}
        </h2>
        <p className="mt-3 text-ink">{t("volunteer.thanksText")}</p>
      </div>
    );
  }

  const field = (name: keyof Values) => ({
    id: `volunteer-${name}`,
    name,
    value: values[name],
    onChange: change,
    error: errors[name] && error(errors[name]),
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
      aria-label={t("volunteer.form")}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          {...field("fullName")}
          required
          label={t("volunteer.fullName")}
          autoComplete="name"
          maxLength={120}
        />
        <TextInput
          {...field("email")}
          required
          label={t("volunteer.email")}
          type="email"
          autoComplete="email"
          maxLength={254}
        />
        <TextInput
          {...field("phone")}
          required
          label={t("volunteer.phone")}
          type="tel"
          autoComplete="tel"
          maxLength={40}
        />
        <TextInput
          {...field("age")}
          required
          label={t("volunteer.age")}
          type="number"
          inputMode="numeric"
          min={18}
          max={120}
        />
      </div>
      <Select
        {...field("interest")}
        required
        label={t("volunteer.interest")}
        options={VOLUNTEER_INTERESTS}
        optionLabel={(option) => t(`volunteer.interest.${option}` as MessageKey)}
        placeholder={t("volunteer.interestPlaceholder")}
      />
      {values.interest === "Skills-Based Volunteering" && (
        <TextArea
          {...field("skillSet")}
          required
          label={t("volunteer.skills")}
          rows={3}
          maxLength={500}
          hint={t("volunteer.skillsHint")}
        />
      )}
      {values.interest === "Other" && (
        <TextInput {...field("otherInterestDetail")} required label={t("volunteer.otherInterest")} maxLength={300} />
      )}
      <Select
        {...field("availability")}
        required
        label={t("volunteer.availability")}
        options={AVAILABILITIES}
        optionLabel={(option) => t(`volunteer.availability.${option}` as MessageKey)}
        placeholder={t("volunteer.availabilityPlaceholder")}
      />
      <TextArea {...field("motivation")} required label={t("volunteer.motivation")} rows={5} maxLength={3000} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput {...field("linkedin")} label={t("volunteer.linkedin")} type="url" maxLength={300} />
        <TextInput {...field("twitter")} label={t("volunteer.twitter")} maxLength={300} />
      </div>
      <TextArea {...field("additionalComments")} label={t("volunteer.comments")} rows={3} maxLength={3000} />
      <Honeypot />
      <CameFromFields />
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? t("volunteer.submitting") : t("volunteer.submit")}
      </Button>
      <PrivacyNote />
      {result.view ? <div>{result.view}</div> : null}
    </form>
  );
}

export const VolunteerFormIsland = island("volunteer-form", VolunteerForm);
