import { useRef, useState } from "react";
import type { z } from "zod/mini";
import { HONEYPOT_FIELD } from "../../../core/shared/honeypot";
import { type FieldErrors, validateForm } from "../../lib/validate-form";
import { focusFirstError } from "../admin/form-controls";
import { honeypotValue } from "./honeypot";

/**
 * State and checks shared by the public forms: values, the spec's messages per field (following the
 * visitor's corrections once a submit was tried), the honeypot, and focus on the first invalid field.
 */
export function useVisitorForm<V extends Record<string, string>, S extends z.ZodMiniType>(schema: S, empty: V) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function change(event: { target: { name: string; value: string } }) {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (attempted) setErrors(validateForm(schema, next).errors ?? {});
  }

  /** Shows errors (focusing the first, once rendered so it announces its message) or returns the data. */
  function showErrors(fields: FieldErrors) {
    setErrors(fields);
    requestAnimationFrame(() => focusFirstError(formRef.current, fields));
  }

  function validate(form: HTMLFormElement): z.output<S> | undefined {
    setAttempted(true);
    const result = validateForm(schema, { ...values, [HONEYPOT_FIELD]: honeypotValue(form) });
    if (result.errors) {
      showErrors(result.errors);
      return undefined;
    }
    setErrors({});
    return result.data;
  }

  function reset() {
    setValues(empty);
    setAttempted(false);
  }

  return { values, errors, setErrors, showErrors, change, validate, reset, formRef };
}
