import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Hanna Bekele",
  email: "hanna@example.org",
  message: "How can our church group help?",
  ...overrides,
});

describe.each(DIALECTS)("contact messages API on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const send = (payload: Record<string, unknown>, remoteAddress = visitorIp()) =>
    t.app.inject({ method: "POST", url: "/api/messages", payload, remoteAddress });
  const list = async () =>
    (await t.app.inject({ url: "/api/messages/admin", headers })).json<
      Array<{ _id: string; name: string; isRead: boolean }>
    >();
  const unread = async () =>
    (await t.app.inject({ url: "/api/messages/admin/unread-count", headers })).json<{ count: number }>().count;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("stores a message as unread and lists messages newest first", async () => {
    expect((await send(message({ name: "Older" }))).statusCode).toBe(201);
    expect((await send(message({ name: " Newer ", isRead: true, _id: "x", createdAt: "2000-01-01" }))).statusCode).toBe(
      201,
    );
    const [newer, older] = await list();
    expect(older?.name).toBe("Older");
    expect(newer).toEqual({
      _id: expect.not.stringMatching(/^x$/),
      name: "Newer",
      email: "hanna@example.org",
      message: "How can our church group help?",
      isRead: false,
      createdAt: expect.stringMatching(/^20\d\d-/),
    });
    expect(await unread()).toBe(2);
  });

  it.each([
    [{ name: "" }, "name", "Your name is required"],
    [{ name: undefined }, "name", "Your name is required"],
    [{ email: "" }, "email", "A valid email is required"],
    [{ email: "hanna at example" }, "email", "A valid email is required"],
    [{ email: "<script>alert(1)</script>@x.io" }, "email", "A valid email is required"],
    [{ email: "hanna@example" }, "email", "A valid email is required"],
    [{ message: "  " }, "message", "Please enter your message"],
    [{ message: "x".repeat(5001) }, "message", "Please keep this under 5000 characters"],
  ])("refuses %o with the spec's message", async (overrides, field, text) => {
    const response = await send(message(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(text);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = (await list()).length;
    expect((await send(message({ name: "Bot", fax_number: "1" }))).statusCode).toBe(201);
    expect(await list()).toHaveLength(before);
  });

  it("limits messages per IP with a clear 429", async () => {
    for (let i = 0; i < 10; i++) await send({}, "192.0.2.20");
    const limited = await send(message(), "192.0.2.20");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\./);
  });

  it("marks a message read (and unread again) and counts the unread ones", async () => {
    const [first] = await list();
    const put = (isRead: unknown, id = first?._id) =>
      t.app.inject({ method: "PUT", url: `/api/messages/admin/${id}`, headers, payload: { isRead } });
    const read = await put(true);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ _id: first?._id, isRead: true });
    expect(await unread()).toBe(1);
    expect((await put("yes")).statusCode).toBe(400);
    expect((await put(true, "missing")).statusCode).toBe(404);
    await put(false);
    expect(await unread()).toBe(2);
  });

  it("deletes one message", async () => {
    const [first] = await list();
    const del = (id: string | undefined) =>
      t.app.inject({ method: "DELETE", url: `/api/messages/admin/${id}`, headers });
    expect((await del(first?._id)).statusCode).toBe(204);
    expect((await list()).map((m) => m._id)).not.toContain(first?._id);
    expect((await del(first?._id)).statusCode).toBe(404);
  });

  it("lists 5000 messages newest first and counts the unread ones", async () => {
    const base = Date.parse("2024-01-01T00:00:00Z");
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: `bulk-${i}`,
      name: `Visitor ${i}`,
      email: `v${i}@example.org`,
      message: "Hello",
      is_read: i % 2,
      created_at: new Date(base + i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto("contact_messages")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const before = await unread();
    const all = await list();
    const bulk = all.filter((m) => m._id.startsWith("bulk-"));
    expect(bulk).toHaveLength(5000);
    expect(bulk[0]?.name).toBe("Visitor 4999");
    expect(before).toBe(all.filter((m) => !m.isRead).length);
  });
});
