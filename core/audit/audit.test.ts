import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";
import { auditChanges } from "./audit.ts";

describe("audit changes", () => {
  it("never keeps secrets, whatever a caller passes", () => {
    expect(
      auditChanges({
        fields: ["title", "password", "passwordHash", "totpCode", "resetToken", "title"],
        values: { status: "Approved", token: "abc", recoveryCodes: 10 },
      }),
    ).toEqual({ fields: ["title"], values: { status: "Approved" } });
  });
});

describe.each(DIALECTS)("audit log on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const rows = () => t.database.db.selectFrom("audit_log").selectAll().orderBy("at").orderBy("id").execute();

  it("records sign-ins, failed sign-ins and sign-outs with who and from where", async () => {
    const headers = await t.adminHeaders();
    await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: "nobody@example.org", password: "wrong password!" },
      remoteAddress: "203.0.113.9",
    });
    await t.app.inject({ method: "POST", url: "/api/admin/logout", headers });
    const log = await rows();
    expect(log.map((r) => [r.action, r.actor_email])).toEqual(
      expect.arrayContaining([
        ["login", TEST_ADMIN.email],
        ["login-failed", "nobody@example.org"],
        ["logout", TEST_ADMIN.email],
      ]),
    );
    const failed = log.find((r) => r.action === "login-failed");
    expect(failed).toMatchObject({ actor_id: null, ip: "203.0.113.9", entity: "session" });
  });

  it("records a status change in the write's own transaction, and nothing for a refused one", async () => {
    const headers = await t.adminHeaders();
    const application = {
      fullName: "Meron Tesfaye",
      email: "meron@example.org",
      phone: "+251 911 234 567",
      age: 29,
      interest: "Skills-Based Volunteering",
      skillSet: "Midwifery",
      motivation: "I want to help.",
      availability: "Weekends",
    };
    await t.app.inject({ method: "POST", url: "/api/volunteer", payload: application, remoteAddress: visitorIp() });
    const [stored] = await t.services.volunteers.list();
    const id = stored?._id as string;
    const before = (await rows()).length;
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/volunteer/status",
      headers,
      payload: { ids: [id, "00000000-0000-4000-8000-000000000000"], status: "Accepted" },
    });
    expect(refused.statusCode).toBe(400);
    expect(await rows()).toHaveLength(before);

    const done = await t.app.inject({
      method: "PUT",
      url: "/api/volunteer/status",
      headers,
      payload: { ids: [id], status: "Accepted" },
    });
    expect(done.statusCode).toBe(200);
    const last = (await rows()).at(-1);
    expect(last).toMatchObject({
      action: "status",
      entity: "volunteer-application",
      entity_id: id,
      actor_email: TEST_ADMIN.email,
      ip: "127.0.0.1",
    });
    expect(JSON.parse(last?.changes as string)).toEqual({ fields: [], values: { status: "Accepted" } });
  });
});
