import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { seedFormsDemo } from "./forms.ts";

describe.each(DIALECTS)("forms demo content on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedFormsDemo(t.services);
  });
  afterAll(() => t.close());

  it("has subscribers, applications in every status and some unread messages", async () => {
    expect((await t.services.subscribers.list()).length).toBeGreaterThanOrEqual(3);
    const statuses = new Set((await t.services.volunteers.list()).map((a) => a.status));
    expect([...statuses].sort()).toEqual(["Accepted", "Canceled", "Contacted", "Pending", "Rejected"]);
    const messages = await t.services.messages.list();
    expect(messages.some((m) => m.isRead)).toBe(true);
    expect(await t.services.messages.unreadCount()).toBe(messages.filter((m) => !m.isRead).length);
    expect(await t.services.messages.unreadCount()).toBeGreaterThan(0);
  });
});
