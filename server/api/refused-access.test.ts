import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

describe.each(DIALECTS)("refused staff requests in the activity log on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const refusals = () =>
    t.database.db
      .selectFrom("audit_log")
      .select(["actor_email", "action", "entity", "entity_id", "changes", "ip"])
      .where("action", "=", "refused")
      .execute();

  it("records a signed-in person's 403 with the route (never its ids or query), and nobody's 401", async () => {
    const editor = await t.staffHeaders("editor");
    const refused = await t.app.inject({
      url: "/api/subscribe?search=secret-words",
      headers: editor,
      remoteAddress: "203.0.113.9",
    });
    expect(refused.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/messages/admin/00000000-0000-0000-0000-000000000001",
      headers: editor,
    });
    expect(deleted.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/subscribe" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/subscribe", headers: { authorization: "Bearer not-a-token" } })).statusCode,
    ).toBe(401);

    const rows = await refusals();
    expect(rows.map(({ changes, ...row }) => ({ ...row, values: JSON.parse(changes).values }))).toEqual([
      {
        actor_email: "editor@hopebehindbars.test",
        action: "refused",
        entity: "route",
        entity_id: "GET /api/subscribe",
        ip: "203.0.113.9",
        values: { role: "editor" },
      },
      {
        actor_email: "editor@hopebehindbars.test",
        action: "refused",
        entity: "route",
        entity_id: "DELETE /api/messages/admin/:id",
        ip: "127.0.0.1",
        values: { role: "editor" },
      },
    ]);
    const activity = await t.app.inject({ url: "/api/admin/activity", headers: await t.adminHeaders() });
    expect(JSON.stringify(activity.json())).toContain("was refused GET /api/subscribe");
  });
});
