import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

describe.each(DIALECTS)("newsletter subscribers API on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const subscribe = (payload: Record<string, unknown>, remoteAddress = visitorIp()) =>
    t.app.inject({ method: "POST", url: "/api/subscribe", payload, remoteAddress });
  const list = async () =>
    (await t.app.inject({ url: "/api/subscribe", headers })).json<Array<{ _id: string; email: string }>>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("subscribes a trimmed, lower-cased address and lists subscribers newest first", async () => {
    expect((await subscribe({ email: "first@example.org" })).statusCode).toBe(201);
    expect((await subscribe({ email: "  Second.Person@Example.ORG " })).statusCode).toBe(201);
    const subscribers = await list();
    expect(subscribers.map((s) => s.email)).toEqual(["second.person@example.org", "first@example.org"]);
    // Spec §3's fields, then ours: without e-mail configured an address is confirmed at once.
    expect(subscribers[0]).toMatchObject({ status: "confirmed", source: "Website form", unsubscribedAt: null });
    expect(Object.keys(subscribers[0] ?? {}).sort()).toEqual(
      ["_id", "confirmedAt", "createdAt", "email", "source", "status", "unsubscribedAt"].sort(),
    );
  });

  it("counts addresses per status in the database for the dashboard", async () => {
    const counts = async () =>
      (await t.app.inject({ url: "/api/subscribe/counts", headers })).json<
        Record<"confirmed" | "pending" | "unsubscribed", number>
      >();
    const before = await counts();
    expect(Object.keys(before).sort()).toEqual(["confirmed", "pending", "unsubscribed"]);
    expect(before.confirmed).toBe((await list()).length);
    expect((await subscribe({ email: "counted@example.org" })).statusCode).toBe(201);
    const id = (await list()).find((s) => s.email === "counted@example.org")?._id as string;
    const url = t.services.subscribers.links
      .oneClick(t.services.subscribers.unsubscribeToken(id))
      .slice(t.config.publicSiteUrl.length);
    const headersForm = { "content-type": "application/x-www-form-urlencoded" };
    expect(
      (await t.app.inject({ method: "POST", url, headers: headersForm, payload: "List-Unsubscribe=One-Click" }))
        .statusCode,
    ).toBeLessThan(300);
    expect(await counts()).toEqual({ ...before, unsubscribed: before.unsubscribed + 1 });
    await t.app.inject({ method: "DELETE", url: "/api/subscribe", headers, payload: { ids: [id] } });
    expect(await counts()).toEqual(before);
  });

  it("does not subscribe the same address twice and tells the visitor so", async () => {
    const again = await subscribe({ email: "FIRST@example.org " });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This email is already subscribed. Thank you for your support!" });
    expect((await list()).filter((s) => s.email === "first@example.org")).toHaveLength(1);
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "   " }, "Email is required"],
    [{ email: "no-at-sign" }, "Invalid email address"],
    [{ email: "two words@example.org" }, "Invalid email address"],
    [{ email: `${"a".repeat(250)}@x.org` }, "Invalid email address"],
    [{ email: "<script>alert(1)</script>@x.io" }, "Invalid email address"],
    [{ email: '"quoted"@example.org' }, "Invalid email address"],
    [{ email: "a@localhost" }, "Invalid email address"],
    [{ email: ".dot@example.org" }, "Invalid email address"],
  ])("refuses %o with the spec's message", async (payload, message) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fields: { email: message } });
  });

  it.each(["o'brien@example.ie", "first.last+news@mail.example.co.uk", "x_y-z@sub-domain.example.org"])(
    "accepts the real address %s",
    async (email) => {
      expect((await subscribe({ email })).statusCode).toBe(201);
    },
  );

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const response = await subscribe({ email: "bot@spam.example", fax_number: "0" });
    expect(response.statusCode).toBe(201);
    expect((await list()).map((s) => s.email)).not.toContain("bot@spam.example");
  });

  it("limits sign-ups per IP with a clear 429", async () => {
    const ip = "192.0.2.10";
    for (let i = 0; i < 10; i++) await subscribe({ email: `burst${i}@example.org` }, ip);
    const limited = await subscribe({ email: "burst-last@example.org" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });

  it("exports a CSV that a spreadsheet cannot run as formulas", async () => {
    // A formula with quotes and commas is not an address any more: refused at the door.
    expect((await subscribe({ email: '=HYPERLINK("http://evil.example","x")@evil.example' })).statusCode).toBe(400);
    await subscribe({ email: "+1@example.org" });
    await subscribe({ email: "-2+3@example.org" });
    const response = await t.app.inject({ url: "/api/subscribe/export.csv", headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Email,Subscribed at (UTC),Status,Confirmed at (UTC),Unsubscribed at (UTC),Source");
    expect(lines).toContainEqual(expect.stringMatching(/^'\+1@example\.org,/));
    expect(lines).toContainEqual(expect.stringMatching(/^'-2\+3@example\.org,/));
    for (const line of lines.slice(1)) expect(line).toMatch(/^("?'|[a-z0-9])/);
    expect(lines).toHaveLength((await list()).length + 1);
    expect((await t.app.inject({ url: "/api/subscribe/export.csv" })).statusCode).toBe(401);
  });

  it("deletes several subscribers, and none when an id is unknown", async () => {
    const [a, b] = await list();
    const del = (ids: unknown) => t.app.inject({ method: "DELETE", url: "/api/subscribe", headers, payload: { ids } });
    const mixed = await del([a?._id, "no-such-subscriber"]);
    expect(mixed.statusCode).toBe(400);
    expect((await list()).map((s) => s._id)).toContain(a?._id);
    expect((await del([])).statusCode).toBe(400);
    const ok = await del([a?._id, b?._id]);
    expect(ok.json()).toEqual({ deleted: 2 });
    const remaining = (await list()).map((s) => s._id);
    expect(remaining).not.toContain(a?._id);
    expect(remaining).not.toContain(b?._id);
  });

  it("lists and exports 5000 subscribers", async () => {
    const base = Date.parse("2024-01-01T00:00:00Z");
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: `bulk-${i}`,
      email: `reader${i}@example.org`,
      created_at: new Date(base + i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto("subscribers")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const all = await list();
    expect(all.filter((s) => s._id.startsWith("bulk-"))).toHaveLength(5000);
    const csv = await t.app.inject({ url: "/api/subscribe/export.csv", headers });
    expect(csv.body.trimEnd().split("\r\n")).toHaveLength(all.length + 1);
  });
});
