import type { SelectHTMLAttributes } from "react";
import { Field } from "../form-controls";

/** A select whose options have a value and a label (currencies, methods, funds). */
export function ChoiceField({
  id,
  label,
  error,
  hint,
  choices,
  ...rest
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  choices: ReadonlyArray<readonly [value: string, label: string]>;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-ink aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600"
          {...rest}
        >
          {choices.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
