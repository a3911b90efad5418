import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_RETRY_MS } from "../core/notifications/notifications.service.ts";
import { DIALECTS } from "../tests/support/dialects.ts";
import { createSmtpInbox, freeLocalPort, type SmtpInbox } from "../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { visitorIp } from "../tests/support/visitor-ip.ts";
import { type NotificationWorker, startNotificationWorker } from "./notification-worker.ts";

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

const staffNotifications = (port: number) => ({
  smtp: `smtp://127.0.0.1:${port}`,
  from: "Website <website@hopebehindbars.test>",
  to: "staff@hopebehindbars.test",
});

describe.each(DIALECTS)("staff e-mail notifications on %s", (dialect) => {
  let t: TestApp | undefined;
  let inbox: SmtpInbox | undefined;
  let worker: NotificationWorker | undefined;
  let now = new Date("2026-11-21T09:00:00Z");
  const clock = () => now;

  afterEach(async () => {
    await worker?.stop();
    await t?.close();
    await inbox?.stop();
    worker = undefined;
    t = undefined;
    inbox = undefined;
  });

  const submit = (url: string, payload: object) =>
    (t as TestApp).app.inject({ method: "POST", url, payload, remoteAddress: visitorIp() });
  const outbox = () => (t as TestApp).database.db.selectFrom("staff_notifications").selectAll().execute();

  it("sends one e-mail to staff with the applicant's name for a new application", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: { staffNotifications: staffNotifications(inbox.port) }, clock });
    expect((await submit("/api/volunteer", application)).statusCode).toBe(201);
    expect(await t.services.notifications.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    const mail = inbox.messages[0] as string;
    expect(mail).toContain("Subject: New volunteer application: Meron Tesfaye");
    expect(mail).toContain("To: staff@hopebehindbars.test");
    expect(mail).toContain("Reply-To: meron@example.org");
    expect(mail).toContain("Midwifery");
    expect(await t.services.notifications.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
  });

  it("keeps the submission when the mail server is down and delivers once it is back", async () => {
    inbox = await createSmtpInbox(); // not started: connections are refused
    t = await createTestApp(dialect, { config: { staffNotifications: staffNotifications(inbox.port) }, clock });
    expect(
      (await submit("/api/messages", { name: "Abebe", email: "abebe@example.org", message: "Hello" })).statusCode,
    ).toBe(201);
    expect(await t.services.messages.list()).toHaveLength(1);

    expect(await t.services.notifications.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await outbox();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);

    await inbox.start();
    // Not retried before its back-off has passed.
    expect(await t.services.notifications.deliverDue()).toEqual({ sent: 0, failed: 0 });
    now = new Date(now.getTime() + FIRST_RETRY_MS);
    expect(await t.services.notifications.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toContain("Subject: New message from Abebe");
    const [sent] = await outbox();
    expect(sent?.sent_at).toBe(now.toISOString());
  });

  it("backs off twice as long after each failure", async () => {
    inbox = await createSmtpInbox();
    t = await createTestApp(dialect, { config: { staffNotifications: staffNotifications(inbox.port) }, clock });
    await submit("/api/volunteer", application);
    const start = now.getTime();
    await t.services.notifications.deliverDue();
    now = new Date(start + FIRST_RETRY_MS);
    await t.services.notifications.deliverDue();
    const [row] = await outbox();
    expect(row?.attempts).toBe(2);
    expect(Date.parse(row?.next_attempt_at as string)).toBe(now.getTime() + 2 * FIRST_RETRY_MS);
  });

  it("delivers in the background right after a submission, with the worker the server starts", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: { staffNotifications: staffNotifications(inbox.port) } });
    worker = startNotificationWorker(t.services.notifications, t.app.log, { intervalMs: 60_000 });
    await submit("/api/volunteer", application);
    await expect.poll(() => inbox?.messages.length, { timeout: 10_000 }).toBe(1);
  });

  it("answers the visitor at once even when the mail server hangs", async () => {
    const port = await freeLocalPort();
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
    try {
      t = await createTestApp(dialect, { config: { staffNotifications: staffNotifications(port) } });
      worker = startNotificationWorker(t.services.notifications, t.app.log, { intervalMs: 60_000 });
      const started = performance.now();
      const response = await submit("/api/volunteer", application);
      expect(response.statusCode).toBe(201);
      expect(performance.now() - started).toBeLessThan(2000);
      await expect.poll(() => sockets.length).toBe(1); // the worker is trying, in the background
      expect(await t.services.volunteers.list()).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("queues nothing and sends nothing without SMTP settings", async () => {
    t = await createTestApp(dialect, { clock });
    expect(t.services.notifications.enabled).toBe(false);
    expect((await submit("/api/volunteer", application)).statusCode).toBe(201);
    expect(await outbox()).toEqual([]);
    expect(await t.services.notifications.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });
});
