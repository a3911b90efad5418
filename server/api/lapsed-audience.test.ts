import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const gift = (donorEmail: string, receivedOn: string) => ({
  receivedOn,
  method: "bank-transfer",
  amount: "50",
  currency: "usd",
  fund: "eccd-package",
  donorEmail,
});

describe.each(DIALECTS)("Lapsed donors as a newsletter audience on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => new Date("2026-11-28T09:00:00Z") });
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it("counts only confirmed subscribers who lapsed in the year, and answers as before without the year", async () => {
    // Lapsed in 2025: gave in 2024, not in 2025. Hirut is also a subscriber; Dawit is not; Sara gave again.
    for (const [email, day] of [
      ["hirut@example.org", "2024-03-01"],
      ["dawit@example.org", "2024-05-01"],
      ["sara@example.org", "2024-06-01"],
      ["sara@example.org", "2025-02-01"],
    ] as const) {
      expect((await call("POST", "/api/offline-gifts", gift(email, day))).statusCode).toBe(201);
    }
    for (const email of ["Hirut@example.org", "sara@example.org", "reader@example.org"]) {
      const subscribed = await t.app.inject({
        method: "POST",
        url: "/api/subscribe",
        payload: { email },
        remoteAddress: visitorIp(),
      });
      expect(subscribed.statusCode).toBe(201);
    }
    const created = await call("POST", "/api/newsletters", { subject: "We miss you", content: "<p>News</p>" });
    const id = created.json()._id as string;

    const everyone = await call("GET", `/api/newsletters/${id}/audience`);
    expect(everyone.json()).toEqual({ subject: "We miss you", recipients: 3 });
    const lapsed = await call("GET", `/api/newsletters/${id}/audience?lapsedYear=2025`);
    expect(lapsed.json()).toEqual({ subject: "We miss you", recipients: 1, lapsedYear: 2025 });
    expect((await call("GET", `/api/newsletters/${id}/audience?lapsedYear=2024`)).json().recipients).toBe(0);
    expect((await call("GET", `/api/newsletters/${id}/audience?lapsedYear=soon`)).statusCode).toBe(400);

    // Unsubscribing takes the address out of the audience.
    const hirut = await t.database.db
      .selectFrom("subscribers")
      .select("id")
      .where("email", "=", "hirut@example.org")
      .executeTakeFirstOrThrow();
    const token = t.services.subscribers.unsubscribeToken(hirut.id);
    await t.app.inject({ method: "POST", url: `/api/subscribe/unsubscribe?token=${encodeURIComponent(token)}` });
    expect((await call("GET", `/api/newsletters/${id}/audience?lapsedYear=2025`)).json().recipients).toBe(0);
  });
});
