/** What a write got back: an HTTP answer, or none at all (connection refused or cut: a killed server). */
export type Outcome = { status: number; body: any; contentType: string } | { status: "no-answer"; error: string };

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  token?: string;
  /** Sent as X-Forwarded-For (the chaos server trusts 127.0.0.1 as a proxy). */
  visitorIp?: string;
  timeoutMs?: number;
}

export const isAcknowledged = (outcome: Outcome): boolean =>
  typeof outcome.status === "number" && outcome.status >= 200 && outcome.status < 300;

export async function send(
  baseUrl: string,
  method: string,
  pathname: string,
  options: RequestOptions = {},
): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.visitorIp) headers["x-forwarded-for"] = options.visitorIp;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const contentType = response.headers.get("content-type") ?? "";
    const text = await response.text();
    let body: unknown = text;
    if (contentType.includes("json")) {
      try {
        body = JSON.parse(text);
      } catch {
        // a broken JSON answer stays text; the caller judges it
      }
    }
    return { status: response.status, body, contentType };
  } catch (error) {
    return {
      status: "no-answer",
      error: error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error),
    };
  }
}

/** A clean refusal: a 4xx, or a 503/507 that says why, as the API's `{ message }` JSON. */
export function isCleanError(outcome: Outcome): boolean {
  if (outcome.status === "no-answer") return false;
  const hasMessage =
    typeof outcome.body === "object" && outcome.body !== null && typeof outcome.body.message === "string";
  if (outcome.status >= 400 && outcome.status < 500) return hasMessage;
  return (outcome.status === 503 || outcome.status === 507) && hasMessage;
}
