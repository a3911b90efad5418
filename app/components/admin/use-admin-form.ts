import { useState } from "react";

/**
 * An admin form's text values and field errors. `field(name)` gives a form control everything it
 * needs: id (`<idPrefix>-<name>`, also how focus finds the first invalid field), name, value,
 * change handler and error.
 */
export function useAdminForm<Values extends { [Field in keyof Values]: string }>(idPrefix: string, empty: Values) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof Values & string) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });
  return { values, setValues, errors, setErrors, field };
}
