import type { z } from "zod/mini";

export type FieldErrors = Record<string, string>;

/** Runs a shared zod/mini schema on form values: the data, or the first message per field. */
export function validateForm<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "_form"] ??= issue.message;
  return { errors };
}
