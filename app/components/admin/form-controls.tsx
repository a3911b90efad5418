import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const control =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-ink aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marked by eye with an asterisk; the control's own `required` tells screen readers. */
  required?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, hint and error tied together for screen readers. */
export function Field({ id, label, error, hint, required, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      {/* The asterisk is outside the label: the field's name stays exactly its label. */}
      <div className="flex gap-1 text-sm font-semibold">
        <label htmlFor={id} className="text-ink">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      {children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { id: string; label: string; error?: string; hint?: ReactNode };

export function TextInput({ id, label, error, hint, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={rest.required}>
      {(describedBy) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={control}
          {...rest}
        />
      )}
    </Field>
  );
}

export function TextArea({ id, label, error, hint, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={rest.required}>
      {(describedBy) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={control}
          {...rest}
        />
      )}
    </Field>
  );
}

export function Select({
  id,
  label,
  error,
  hint,
  options,
  placeholder,
  optionLabel = (option: string) => option,
  ...rest
}: Common & {
  options: readonly string[];
  placeholder: string;
  /** What each option shows (a public form shows the visitor's language); its value stays the option. */
  optionLabel?: (option: string) => string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={rest.required}>
      {(describedBy) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={control}
          {...rest}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Moves focus to the first field (in form order) that has an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  if (!form) return;
  const invalid = Array.from(form.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && "name" in element && Boolean(errors[(element as HTMLInputElement).name]),
  );
  invalid?.focus();
}
