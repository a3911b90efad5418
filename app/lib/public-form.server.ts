import { data } from "react-router";
import { type AppContext, appContext } from "#app-context";
import { attributionOfFields, saysWhereFrom } from "../../core/campaigns/attribution";
import { HONEYPOT_FIELD } from "../../core/shared/honeypot";
import { asksNotToBeTracked } from "../../core/visits/page-view";
import type { FormReply } from "./form-reply";

/**
 * A public form posted to its page without JavaScript (docs/decisions/0430-forms-work-before-javascript.md): the page's action
 * runs the API's service (so the API's zod schema), and the page is drawn again with the result.
 * Nothing typed ever goes into a URL: the browser sends the form as a POST body.
 *
 * Guarded like the API: a post from another site is refused (the browser says where a form came
 * from in Sec-Fetch-Site, older ones in Origin); each post counts against the API forms' per-IP limit
 * (app-context publicFormLimit); the honeypot travels to the service, which drops a bot's post silently.
 */
export async function handlePublicForm(
  args: { request: Request; context: { get(key: typeof appContext): AppContext } },
  spec: {
    /** Which form answered: the page may hold two (its own and the footer's newsletter). */
    form: string;
    fields: readonly string[];
    /** The form-level text on failure (the spec's toast text); a service's own message wins when it has one. */
    failure: string;
    /** Turns the typed text into what the service takes (most take it as it is). */
    input?: (values: Record<string, string>) => unknown;
    /** The service call; a Response it returns (a redirect to a checkout) is the answer. */
    submit: (input: unknown) => Promise<unknown>;
  },
) {
  const { request, context } = args;
  if (isCrossSite(request)) throw data("This form can only be sent from this site.", { status: 403 });
  const body = await request.formData();
  const values: Record<string, string> = {};
  for (const name of spec.fields) {
    const value = body.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  const trap = body.get(HONEYPOT_FIELD);
  // Where the visitor first came from, in the form's hidden fields (docs/decisions/0800-attribution.md),
  // kept only as views are counted: not with counting off, nor when the browser asked not to be tracked.
  const { visits } = context.get(appContext).services;
  const untracked = !visits || asksNotToBeTracked(request.headers.get("dnt"), request.headers.get("sec-gpc"));
  const carried = untracked ? null : attributionOfFields((name) => body.get(name));
  // As the JSON calls do (app/lib/came-from.ts): a landing page goes only beside where the visit came from.
  const attribution = saysWhereFrom(carried) ? carried : null;
  const reply = (status: number, rest: Partial<FormReply>) =>
    data<FormReply>({ form: spec.form, ok: false, values, errors: {}, ...rest }, { status });

  const limited = await context.get(appContext).publicFormLimit?.();
  if (limited) return reply(429, { message: limited });
  try {
    const input = {
      ...(spec.input ? (spec.input(values) as object) : values),
      [HONEYPOT_FIELD]: trap ?? "",
      ...(attribution && { attribution }),
    };
    const result = await spec.submit(input);
    // A checkout started: the action sends the browser on to it.
    if (result instanceof Response) return result;
    return data<FormReply>({ form: spec.form, ok: true, values: {}, errors: {} });
  } catch (error) {
    // The services' errors speak to the visitor (a checkout the provider refused says so, as in the pop-up).
    const known = domainError(error);
    if (!known) throw error;
    const fields = known.fields ?? {};
    const hasFields = Object.keys(fields).length > 0;
    return reply(known.status, { errors: fields, message: hasFields ? spec.failure : known.message || spec.failure });
  }
}

/**
 * A DomainError of core/shared/errors.ts, known by its shape: the pages' build bundles its own copy
 * of those classes, so `instanceof` would not match the errors the services (loaded by the server) throw.
 */
function domainError(error: unknown): { status: number; message: string; fields?: Record<string, string> } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { status, fields } = error as { status?: unknown; fields?: unknown };
  if (typeof status !== "number") return undefined;
  const known: { status: number; message: string; fields?: Record<string, string> } = {
    status,
    message: error.message,
  };
  if (fields && typeof fields === "object") known.fields = fields as Record<string, string>;
  return known;
}

/**
 * True when the post came from another site. Browsers send Sec-Fetch-Site on every request (since
 * 2020–2023); those that do not send Origin on a form POST. "none" is the visitor's own doing
 * (a bookmark, the address bar). Session cookies are SameSite and these forms need none anyway.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
