import { useRef, useState } from "react";
import type { z } from "zod/mini";
import { HONEYPOT_FIELD } from "../../../core/shared/honeypot";
import type { FormReply } from "../../lib/form-reply";
import { type FieldErrors, validateForm } from "../../lib/validate-form";
import { focusFirstError } from "../admin/form-controls";
import { honeypotValue } from "./honeypot";

/** The form's starting values: empty, or what the visitor typed before posting it without JavaScript. */
function startingValues<V extends Record<string, string>>(empty: V, reply: FormReply | undefined): V {
  if (!reply || reply.ok) return empty;
  const values = { ...empty };
  for (const name of Object.keys(empty) as Array<keyof V>) {
    const typed = reply.values[name as string];
    if (typeof typed === "string") values[name] = typed as V[keyof V];
  }
  return values;
}

/**
 * State and checks shared by the public forms: values, the spec's messages per field (following the
 * visitor's corrections once a submit was tried), the honeypot, and focus on the first invalid field.
 * `reply` is the server's answer when the form was posted before the page's JavaScript ran.
 */
export function useVisitorForm<V extends Record<string, string>, S extends z.ZodMiniType>(
  schema: S,
  empty: V,
  reply?: FormReply,
) {
  const [values, setValues] = useState<V>(() => startingValues(empty, reply));
  const [errors, setErrors] = useState<FieldErrors>(reply?.errors ?? {});
  const [attempted, setAttempted] = useState(Boolean(reply && !reply.ok));
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
