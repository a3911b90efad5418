/**
 * What the request log says about a request. Query strings can carry secrets (the donor sign-in link's
 * `token`, a subscription's confirmation link, a provider's `code`): a parameter whose name says it
 * is one keeps its name, and its value is written as `[redacted]`, wherever a URL is logged (Fastify's
 * request lines and the front door's cached hits both log it under `req`).
 */
const SECRET_NAME = /token|secret|passw|signature|sig$|key|code|auth|session|ticket|otp/i;
/** A staff search (`q`, which People and the admin lists take) or an address can name a person: redacted too. */
const PERSONAL_NAME = /^(?:q|email)$/i;

export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const query = url.indexOf("?");
  if (query === -1) return url;
  const hash = url.indexOf("#", query);
  const end = hash === -1 ? url.length : hash;
  const params = url
    .slice(query + 1, end)
    .split("&")
    .map((param) => {
      const equals = param.indexOf("=");
      if (equals === -1) return param;
      let name = param.slice(0, equals);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as sent.
      }
      return SECRET_NAME.test(name) || PERSONAL_NAME.test(name) ? `${param.slice(0, equals)}=[redacted]` : param;
    });
  return `${url.slice(0, query + 1)}${params.join("&")}${url.slice(end)}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Pino's `req` serializer: Fastify's own fields, the URL redacted. */
export const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
