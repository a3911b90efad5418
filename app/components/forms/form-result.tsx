import { useLayoutEffect, useRef, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import type { FormReply } from "../../lib/form-reply";

/** `note`: a sentence said after the text, already in the page's language (the text may be the server's English). */
export type FormResult = { ok: boolean; text: string; note?: string | undefined };
type Result = FormResult;

/**
 * The outcome of a public form's submit, written into the form and given keyboard focus (WCAG 2.4.3): a
 * screen reader reads it where the visitor is, and the next Tab continues from the form rather than the
 * top of the page. The spec's toast still shows the same text; this is the part that does not vanish.
 */
export function useFormResult(tone: "light" | "dark" = "light", initial: Result | null = null) {
  const [result, setResult] = useState<Result | null>(initial);
  const ref = useRef<HTMLParagraphElement>(null);
  // The server answers a post in English (the spec's messages): shown in the page's language.
  const { error } = useI18n();

  // Layout effect: Preact runs plain effects a frame late, and a key pressed meanwhile would be lost.
  // The server's answer to a post made before hydration (`initial`) is already on the page: not moved to.
  useLayoutEffect(() => {
    if (result && result !== initial) ref.current?.focus();
  }, [result, initial]);

  const colours = result?.ok
    ? tone === "dark"
      ? "bg-white text-brand-dark"
      : "bg-brand-light text-brand-dark"
    : "bg-white text-red-800 ring-1 ring-red-200";

  const view = result ? (
    <p
      ref={ref}
      tabIndex={-1}
      data-result={result.ok ? "success" : "failure"}
      className={`mt-3 inline-block rounded-md px-3 py-2 text-sm font-semibold ${colours}`}
    >
      {error(result.text)}
      {result.note ? ` ${result.note}` : null}
    </p>
  ) : null;

  return {
    /** Shows the outcome and moves focus to it (a new object each time, so a repeated text is focused again). */
    show: (ok: boolean, text: string, note?: string) => setResult({ ok, text, note }),
    clear: () => setResult(null),
    view,
  };
}

/** What a form shows after it was posted before its JavaScript ran (app/lib/form-reply.ts): its result line. */
export function resultOfReply(reply: FormReply | undefined, success: string, note?: string): FormResult | null {
  if (!reply) return null;
  if (reply.ok) return success ? { ok: true, text: success, note } : null;
  return reply.message ? { ok: false, text: reply.message } : null;
}
