/**
 * What a page shows after one of its forms was posted without JavaScript (app/lib/public-form.server.ts),
 * and what the form's island starts from when it hydrates on that page.
 */
export interface FormReply {
  /** Which form answered: a page may hold two (its own and the footer's newsletter). */
  form: string;
  ok: boolean;
  /** What was typed, shown again after a failure; empty after success. */
  values: Record<string, string>;
  /** The spec's message per field. */
  errors: Record<string, string>;
  /** The form-level text: the spec's failure text, the server's message, or the rate limit's. */
  message?: string;
}

/** The reply for one form of the page, or undefined when the page was not posted or another form was. */
export const replyFor = (actionData: unknown, form: string): FormReply | undefined =>
  actionData && typeof actionData === "object" && (actionData as FormReply).form === form
    ? (actionData as FormReply)
    : undefined;
