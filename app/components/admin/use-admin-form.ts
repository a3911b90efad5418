import { useCallback, useEffect, useRef, useState } from "react";

type Errors = Record<string, string>;

/**
 * An admin form's text values and field errors. `field(name)` gives a form control everything it
 * needs: id (`<idPrefix>-<name>`, also how focus finds the first invalid field), name, value,
 * change handler and error.
 *
 * With `check` (the form's own client-side rules, the same as on submit), a field's message goes as
 * soon as the person has made the field valid, rather than staying until the next submit. Only
 * fields edited since the messages were shown are looked at again: a message the server gave for a
 * field nobody touched stays.
 */
export function useAdminForm<Values extends { [Field in keyof Values]: string }>(
  idPrefix: string,
  empty: Values,
  check?: (values: Values) => Errors,
) {
  const [values, setValues] = useState(empty);
  const [errors, setShownErrors] = useState<Errors>({});
  const checkRef = useRef(check);
  checkRef.current = check;
  const valuesRef = useRef(values);
  valuesRef.current = values;
  /** The values, and what `check` found, when the messages were shown. */
  const shownFor = useRef<{ values: Values; checked: Errors }>({ values, checked: {} });

  const setErrors = useCallback((next: Errors) => {
    shownFor.current = { values: valuesRef.current, checked: checkRef.current?.(valuesRef.current) ?? {} };
    setShownErrors(next);
  }, []);

  // After every render: a file picked or a rich-text change reaches the check without passing through `field`.
  useEffect(() => {
    const recheck = checkRef.current;
    if (!recheck || Object.keys(errors).length === 0) return;
    const now = recheck(values);
    const { values: before, checked } = shownFor.current;
    const remaining = Object.fromEntries(
      Object.entries(errors).filter(([name]) => {
        if (now[name]) return true;
        const edited = name in values ? values[name as keyof Values] !== before[name as keyof Values] : name in checked;
        return !edited;
      }),
    );
    if (Object.keys(remaining).length < Object.keys(errors).length) setShownErrors(remaining);
  });

  const field = (name: keyof Values & string) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });
  return { idPrefix, values, setValues, errors, setErrors, field };
}
