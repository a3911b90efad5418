import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../core/access/roles.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/** Spec §6 (and docs/decisions/0200-staff-roles-and-audit.md): the only routes a visitor may call without a token. Everything else must be denied. */
const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "GET /api/health/live",
  "GET /api/health/ready",
  "POST /api/admin/login",
  // "Forgot password?" (docs/decisions/0230-password-reset-and-sessions.md) is for people who cannot sign in.
  "POST /api/admin/password-reset",
  "POST /api/admin/password-reset/check",
  "POST /api/admin/password-reset/complete",
  // The login's second step (docs/decisions/0240-second-factor.md): a ticket from the first step, or a passkey, instead of a token.
  "POST /api/admin/login/second-factor",
  "POST /api/admin/login/passkey/options",
  "POST /api/admin/login/passkey",
  "POST /api/payments/create-checkout-session",
  "POST /api/payments/webhook",
  // Chapa's notification and its callback: signed or checked by asking Chapa (docs/decisions/0660).
  "POST /api/payments/chapa/webhook",
  "GET /api/payments/chapa/callback",
  "POST /api/subscribe",
  // The links in newsletter e-mails (docs/decisions/0340-newsletter-consent.md); a single-use or signed token is the proof.
  "POST /api/subscribe/confirm",
  "POST /api/subscribe/unsubscribe",
  "POST /api/subscribe/resubscribe",
  "GET /api/gallery",
  "GET /api/gallery/:id",
  "GET /api/videos",
  "GET /api/videos/:id",
  "GET /api/blogs",
  "GET /api/blogs/:id",
  "GET /api/publications",
  "GET /api/publications/:id",
  "POST /api/volunteer",
  "POST /api/messages",
  // An invitee (docs/decisions/0220-staff-invitations.md) has no account yet; the link's single-use token is their proof.
  "POST /api/admin/invitations/check",
  "POST /api/admin/invitations/accept",
  // The published site content every public page shows.
  "GET /api/site-content",
  // The need cards' live goals and totals.
  "GET /api/funds",
  // "Tell us about your transfer" on the pop-up's Local tab.
  "POST /api/pledges",
  // My giving (docs/decisions/0460-my-giving.md): a donor's single-use link and their own short session (cookie) are the proof.
  "POST /api/giving/link",
  // "Your data": a visitor asks for a copy or an erasure, confirmed by an e-mailed link.
  "POST /api/people/requests",
  "POST /api/people/requests/confirm",
  "POST /api/giving/session",
  "POST /api/giving/sign-out",
  "GET /api/giving",
  "GET /api/giving/receipts/:id/pdf",
  "POST /api/giving/gifts/:id/stop",
  "POST /api/giving/gifts/:id/amount",
  "POST /api/giving/gifts/:id/pause",
  "POST /api/giving/gifts/:id/resume",
  "POST /api/giving/gifts/:id/card",
  // The donation pop-up says it opened: counted as a view of the donation page (docs/decisions/0710).
  "POST /api/visits/donate-opened",
  // The welcome e-mails' one-click unsubscribe and its page (docs/decisions/0790-email-series.md): a signed token is the proof.
  "GET /api/email-series/unsubscribe",
  "POST /api/email-series/unsubscribe",
  // The donor wall's approved names (docs/decisions/0781-donor-wall.md).
  "GET /api/supporters",
]);

const concrete = (url: string) =>
  url.replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000").replace("*", "anything");

describe.each(DIALECTS)("deny-by-default access on %s", (dialect) => {
  let t: TestApp;
  let revoked: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    revoked = await t.adminToken();
    await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: { authorization: `Bearer ${revoked}` } });
  });
  afterAll(() => t.close());

  it("declares public only the routes spec §6 makes public", () => {
    const declaredPublic = t.app.routeCatalog
      .filter((r) => r.access === "public" && r.url !== "/api/*") // the JSON 404 for unknown paths
      .map((r) => `${r.method} ${r.url}`);
    for (const route of declaredPublic) expect(PUBLIC_ROUTES, `${route} is public but not in spec §6`).toContain(route);
  });

  it("answers 401 on every admin route without a token, with a forged one and with a revoked one", async () => {
    const adminRoutes = t.app.routeCatalog.filter((r) => r.access === "admin" && r.url.startsWith("/api/"));
    expect(adminRoutes.length).toBeGreaterThan(1);
    const credentials = [
      undefined,
      "Bearer forged-token-0123456789abcdef",
      `Bearer ${revoked}`,
      "Basic YWRtaW46YWRtaW4=",
    ];
    for (const route of adminRoutes) {
      for (const authorization of credentials) {
        const response = await t.app.inject({
          method: route.method as "GET",
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.url} with ${authorization ?? "no token"}`).toBe(401);
      }
    }
  });

  it("lets each staff route be used by exactly the roles it declares, and answers 403 to the others", async () => {
    const staffRoutes = t.app.routeCatalog
      .filter((r) => r.access === "admin" && r.url.startsWith("/api/"))
      // Logging out ends the session the other calls use: last.
      .sort((a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")));
    const headers = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, await t.staffHeaders(role)] as const)),
    );
    const allowedSomewhere = new Set<string>();
    for (const route of staffRoutes) {
      expect(route.roles, `${route.method} ${route.url}: Administrators may use every staff route`).toContain(
        "administrator",
      );
      for (const role of STAFF_ROLES) {
        const response = await t.app.inject({
          method: route.method as "GET",
          url: concrete(route.url),
          headers: headers[role],
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
        });
        const label = `${route.method} ${route.url} as ${role}`;
        if (route.roles.includes(role)) {
          allowedSomewhere.add(role);
          expect([401, 403], label).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toEqual({
            message: "Your role does not allow this. Ask an Administrator if you need it.",
          });
        }
      }
    }
    // The table is not all-or-nothing: every role has work it may do, and some it may not.
    expect([...allowedSomewhere].sort()).toEqual(["administrator", "editor", "inbox"]);
    expect(staffRoutes.some((r) => !r.roles.includes("editor"))).toBe(true);
    expect(staffRoutes.some((r) => !r.roles.includes("inbox"))).toBe(true);
  });

  it("cannot be bypassed by case, trailing slashes, duplicate slashes or encoding", async () => {
    for (const url of ["/API/admin/me", "/api/admin/me/", "/api//admin/me", "/api/%61dmin/me", "/Api/Admin/Me/"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("answers JSON 404 for unknown API paths and 400 for malformed JSON", async () => {
    const missing = await t.app.inject({ url: "/api/does-not-exist" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No route/);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("refuses bodies over the size limit", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The upload is too large." });
  });

  it("reports health with the database reachable", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.json()).toMatchObject({ status: "ok", database: dialect });
  });

  it("sets security headers and a request id on every response", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toBeTruthy();
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("CORS for a separately hosted front end", () => {
  it("allows only the configured origin", async () => {
    const t = await createTestApp("sqlite", { config: { corsOrigin: "https://www.hopebehindbars.org" } });
    try {
      const preflight = (origin: string) =>
        t.app.inject({
          method: "OPTIONS",
          url: "/api/admin/login",
          headers: { origin, "access-control-request-method": "POST" },
        });
      const allowed = await preflight("https://www.hopebehindbars.org");
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://www.hopebehindbars.org");
      const other = await preflight("https://evil.example");
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
