import { getAdminToken, SESSION_EXPIRED_EVENT } from "./admin-session";

/** Spec §7: same-origin `/api` by default; a separately hosted front end sets VITE_API_BASE_URL. */
const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? "";

export class ApiError extends Error {
  // Spelled out: the build renames classes, and a logged error would otherwise read "t: …".
  override readonly name = "ApiError";
  readonly status: number;
  readonly body: Record<string, unknown> | null;
  constructor(status: number, message: string, body: Record<string, unknown> | null) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** Field messages of a validation error, keyed by field name. */
  get fields(): Record<string, string> {
    return (this.body?.fields as Record<string, string> | undefined) ?? {};
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** JSON body. */
  json?: unknown;
  /** Multipart body: the browser sets the boundary, so no content-type is sent. */
  form?: FormData;
  signal?: AbortSignal;
}

function headersFor(request: ApiRequest): Headers {
  const headers = new Headers({ accept: "application/json" });
  if (request.json !== undefined) headers.set("content-type", "application/json");
  const token = getAdminToken();
  if (token) headers.set("authorization", `Bearer ${token}`);
  return headers;
}

async function readBody(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function toError(status: number, body: Record<string, unknown> | null, hadToken: boolean): ApiError {
  if (status === 401 && hadToken && typeof window !== "undefined") {
    window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  }
  const message = typeof body?.message === "string" ? body.message : `Request failed (${status})`;
  return new ApiError(status, message, body);
}

/**
 * Requests sent with the staff member's token. Signing out cancels those still on their way: their
 * answers no longer matter, and the server would answer them 401 once the session has ended.
 */
let sessionRequests = new AbortController();

/** Cancels every request of the session still on its way (called when signing out). */
export function cancelSessionRequests(): void {
  sessionRequests.abort();
  sessionRequests = new AbortController();
}

/**
 * Runs one request, answer and body, joined to the session when it carries the token. A request
 * cancelled by signing out never settles, even when its answer had begun to arrive: the screen that
 * asked is being left, and must not report a failure.
 */
async function sessionRequest<T>(
  headers: Headers,
  own: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!headers.has("authorization")) return run(own);
  const session = sessionRequests.signal;
  try {
    return await run(own ? AbortSignal.any([own, session]) : session);
  } catch (error) {
    if (session.aborted && !own?.aborted) return new Promise<never>(() => {});
    throw error;
  }
}

/** One way to call the API from the browser. Statuses 200–299 are success; no timeout (spec §7). */
export async function api<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers = headersFor(request);
  return sessionRequest(headers, request.signal, async (signal) => {
    const response = await fetch(`${API_BASE_URL}${path}`, {
      method: request.method ?? "GET",
      headers,
      body: request.form ?? (request.json === undefined ? undefined : JSON.stringify(request.json)),
      signal,
    });
    const body = await readBody(response);
    if (!response.ok) throw toError(response.status, body, headers.has("authorization"));
    return body as T;
  });
}

/** A GET whose answer is a file (an image preview), as a Blob; errors as api() throws them. */
export async function apiBlob(path: string): Promise<Blob> {
  return (await apiFile(path, "image/*,application/json")).blob;
}

/**
 * A GET whose answer is a file, with the name the server gave it (`content-disposition`), if any;
 * errors as api() throws them, so an expired session answers like everywhere else in the admin.
 */
export async function apiFile(path: string, accept = "*/*"): Promise<{ blob: Blob; filename: string | undefined }> {
  const headers = headersFor({});
  headers.set("accept", accept);
  return sessionRequest(headers, undefined, async (signal) => {
    const response = await fetch(`${API_BASE_URL}${path}`, { headers, signal });
    if (!response.ok) throw toError(response.status, await readBody(response), headers.has("authorization"));
    const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    return { blob: await response.blob(), filename };
  });
}

/**
 * Multipart upload with progress (fetch cannot report upload progress).
 * `onProgress` receives 0–1 as the request body is sent.
 */
export function apiUpload<T = unknown>(
  path: string,
  form: FormData,
  { method = "POST", onProgress }: { method?: "POST" | "PUT"; onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE_URL}${path}`);
    xhr.setRequestHeader("accept", "application/json");
    const token = getAdminToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toError(xhr.status, body, Boolean(token)));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error", null));
    xhr.send(form);
  });
}

/** The server's `message`, or the spec's fallback text for that screen. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status !== 0 && typeof error.body?.message === "string"
    ? error.body.message
    : fallback;
