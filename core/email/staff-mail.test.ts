import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createServices } from "../../server/services.ts";
import { connectAgain, DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, freeLocalPort, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";
import { FIRST_RETRY_MS } from "../jobs/jobs.service.ts";
import { type JobWorker, startJobWorker } from "../jobs/jobs.worker.ts";
import { EMAIL_JOB } from "./email.service.ts";

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
  mail: { smtp: `smtp://127.0.0.1:${port}`, from: "Website <website@hopebehindbars.test>" },
  staffEmail: "staff@hopebehindbars.test",
});

describe.each(DIALECTS)("staff e-mail notifications on %s", (dialect) => {
  let t: TestApp | undefined;
  let inbox: SmtpInbox | undefined;
  let worker: JobWorker | undefined;
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
  const outbox = () =>
    (t as TestApp).database.db.selectFrom("jobs").selectAll().where("type", "=", EMAIL_JOB).execute();
  const deliverDue = () => (t as TestApp).services.jobs.runDue();

  it("sends one e-mail to staff with the applicant's name for a new application", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port), clock });
    expect((await submit("/api/volunteer", application)).statusCode).toBe(201);
    expect(await deliverDue()).toEqual({ done: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    const mail = inbox.messages[0] as string;
    expect(mail).toContain("Subject: New volunteer application: Meron Tesfaye");
    expect(mail).toContain("To: staff@hopebehindbars.test");
    expect(mail).toContain("Reply-To: meron@example.org");
    expect(mail).toContain("Midwifery");
    expect(await deliverDue()).toEqual({ done: 0, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
  });

  it("gives each message a Message-ID that stays the same for every attempt at it", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port), clock });
    expect((await submit("/api/volunteer", application)).statusCode).toBe(201);
    const [job] = await outbox();
    await deliverDue();
    expect(inbox.messages[0]).toContain(`Message-ID: <${job?.id}@hopebehindbars.test>`);
  });

  it("does not send again a message the mail server accepted when its run died before recording the outcome", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port), clock });
    expect((await submit("/api/volunteer", application)).statusCode).toBe(201);
    expect(await deliverDue()).toEqual({ done: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    const [sent] = await outbox();
    expect(sent?.progress).toBe('{"accepted":true}');
    // What a kill right after the acceptance was recorded leaves: the job still claimed, its claim expired.
    await t.database.db
      .updateTable("jobs")
      .set({
        status: "running",
        locked_by: "killed-worker",
        locked_until: "2026-11-21T08:00:00.000Z",
        finished_at: null,
      })
      .where("id", "=", sent?.id as string)
      .execute();
    expect(await deliverDue()).toEqual({ done: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "done", attempts: 1, interruptions: 1 });
  });

  it("keeps the submission when the mail server is down and delivers once it is back", async () => {
    inbox = await createSmtpInbox(); // not started: connections are refused
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port), clock });
    expect(
      (await submit("/api/messages", { name: "Abebe", email: "abebe@example.org", message: "Hello" })).statusCode,
    ).toBe(201);
    expect(await t.services.messages.list()).toHaveLength(1);

    expect(await deliverDue()).toEqual({ done: 0, failed: 1 });
    const [failed] = await outbox();
    expect(failed).toMatchObject({ attempts: 1, status: "queued" });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);

    await inbox.start();
    // Not retried before its back-off has passed.
    expect(await deliverDue()).toEqual({ done: 0, failed: 0 });
    now = new Date(now.getTime() + FIRST_RETRY_MS);
    expect(await deliverDue()).toEqual({ done: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toContain("Subject: New message from Abebe");
    const [sent] = await outbox();
    expect(sent).toMatchObject({ status: "done", finished_at: now.toISOString() });
  });

  it("backs off twice as long after each failure", async () => {
    inbox = await createSmtpInbox();
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port), clock });
    await submit("/api/volunteer", application);
    const start = now.getTime();
    await deliverDue();
    now = new Date(start + FIRST_RETRY_MS);
    await deliverDue();
    const [row] = await outbox();
    expect(row?.attempts).toBe(2);
    expect(Date.parse(row?.run_at as string)).toBe(now.getTime() + 2 * 30_000);
  });

  it("delivers in the background right after a submission, with the worker the server starts", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port) });
    worker = startJobWorker(t.services.jobs, t.app.log, { pollMs: 60_000 });
    await submit("/api/volunteer", application);
    await expect.poll(() => inbox?.messages.length, { timeout: 10_000 }).toBe(1);
  });

  it("delivers a backlog of 200 e-mails exactly once with the workers of two instances on one database", async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, { config: staffNotifications(inbox.port) });
    for (let i = 0; i < 200; i++) {
      const message = { name: `Visitor ${i}`, email: `visitor${i}@example.org`, message: "Hello" };
      expect((await submit("/api/messages", message)).statusCode).toBe(201);
    }
    const second = connectAgain(t.database, "staff-mail-second-instance");
    const other = createServices({ config: t.config, database: second });
    const workers = [t.services.jobs, other.jobs].map((jobs) => startJobWorker(jobs, t!.app.log, { pollMs: 200 }));
    try {
      await expect
        .poll(async () => (await outbox()).filter((job) => job.status === "done").length, { timeout: 60_000 })
        .toBe(200);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await second.close();
    }
    const subjects = inbox.messages.map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1]);
    expect(subjects).toHaveLength(200);
    expect(new Set(subjects).size).toBe(200);
  });

  it("answers the visitor at once even when the mail server hangs", async () => {
    const port = await freeLocalPort();
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
    try {
      t = await createTestApp(dialect, { config: staffNotifications(port) });
      worker = startJobWorker(t.services.jobs, t.app.log, { pollMs: 60_000 });
      const response = await submit("/api/volunteer", application);
      expect(response.statusCode).toBe(201);
      // The worker is trying, in the background, and its send is still stuck (the mail server's
      // greeting never comes for 15 s): the visitor was answered before the send could end.
      await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(1);
      const [job] = await outbox();
      expect(job?.status).toBe("running");
      expect(await t.services.volunteers.list()).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("queues nothing and sends nothing without SMTP settings", async () => {
    t = await createTestApp(dialect, { clock });
    expect(t.services.email.enabled).toBe(false);
    expect((await submit("/api/volunteer", application)).statusCode).toBe(201);
    expect(await outbox()).toEqual([]);
    expect(await deliverDue()).toEqual({ done: 0, failed: 0 });
  });
});
