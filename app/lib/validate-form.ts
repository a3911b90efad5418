import type { ZodType } from "zod";
import type { z } from "zod/mini";

export type FieldErrors = Record<string, string>;

/**
 * Runs a shared schema (zod/mini on the public site, zod in the back office) on form values: the
 * data, or the first message per field.
 */
export function validateForm<S extends z.ZodMiniType | ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  // Called on a union of the two libraries' types, TypeScript loses the output type: it is S's.
  if (result.success) return { data: result.data as z.output<S> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "_form"] ??= issue.message;
  return { errors };
}
