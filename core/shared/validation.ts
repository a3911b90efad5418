import * as z from "zod/v4/core";
import { ValidationError } from "./errors.ts";

/** Maps zod issues to `{ field: firstMessage }`, the shape forms and the API share. */
export function fieldErrors(error: z.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_form";
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Parses untrusted input with a zod or zod/mini schema; unknown keys are dropped by the
 * (non-strict) object schemas.
 */
export function parseInput<S extends z.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

/** The API's 400 for a failed parse: the first message, and every field's. */
export function validationError(error: z.$ZodError): ValidationError {
  const fields = fieldErrors(error);
  return new ValidationError(Object.values(fields)[0] ?? "Invalid input", fields);
}
