import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createSmtpInbox, type SmtpInbox } from "../support/smtp-inbox.ts";
import { adminApi } from "./support/admin-api.ts";
import { lapseClaims } from "./support/lapsed-claims.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const SUBSCRIBERS = 30;
const recipientOf = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1]?.trim();

describe("a server killed while sending a newsletter", () => {
  const servers: RunningServer[] = [];
  let inbox: SmtpInbox | undefined;
  let dataDir = "";
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await inbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes after a restart, and every confirmed subscriber gets exactly one copy", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-newsletter-crash-"));
    // The mail server accepts 10 messages, then leaves the 11th unanswered: the worker is killed
    // while that message is in flight, so it was never accepted and must be sent after the restart.
    inbox = await createSmtpInbox({ holdAfter: 10 });
    await inbox.start();
    const env = {
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      SMTP_FROM: "Hope Behind Bars <news@hopebehindbars.test>",
      NEWSLETTER_RATE: "100",
    };
    const first = await startServer(env);
    servers.push(first);

    const db = new SQLite(path.join(dataDir, "hope.sqlite"));
    const insert = db.prepare(
      "insert into subscribers (id, email, created_at, status, confirmed_at) values (?, ?, ?, ?, ?)",
    );
    const now = new Date().toISOString();
    const confirmed = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@example.org`);
    db.transaction(() => {
      for (const email of confirmed) insert.run(randomUUID(), email, now, "confirmed", now);
      insert.run(randomUUID(), "pending@example.org", now, "pending", null);
      insert.run(randomUUID(), "left@example.org", now, "unsubscribed", null);
    })();
    db.close();

    const api = await adminApi(first);
    const { _id: id } = await api.json<{ _id: string }>("POST", "/api/newsletters", {
      subject: "Through the storm",
      content: "<p>Our classes went on.</p>",
    });
    await api.json("POST", `/api/newsletters/${id}/send`, {});
    await expect.poll(() => inbox?.held, { timeout: 30_000 }).toBe(1);
    expect(inbox.messages).toHaveLength(10);
    await first.crash();
    servers.splice(0);

    inbox.release();
    // The restarted worker picks the send up again once the dead run's claim has expired (30 s
    // after it last renewed it): here it is made expired rather than waited for.
    expect(lapseClaims(dataDir), "the send the killed run held").toBeGreaterThan(0);
    const restarted = await startServer(env);
    servers.push(restarted);
    await expect.poll(() => inbox?.messages.length, { timeout: 90_000, interval: 500 }).toBe(SUBSCRIBERS);
    const again = await adminApi(restarted);
    await expect
      .poll(async () => (await again.json<{ state: string }>("GET", `/api/newsletters/${id}`)).state, {
        timeout: 15_000,
      })
      .toBe("sent");
    expect(inbox.messages.map(recipientOf).sort()).toEqual([...confirmed].sort());
    expect((await again.json("GET", `/api/newsletters/${id}`)).progress).toEqual({
      sent: SUBSCRIBERS,
      failed: 0,
      skipped: 0,
      remaining: 0,
    });
  }, 180_000); // two server starts on a shared machine
});
