import { subMonths } from "date-fns/subMonths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../core/audit/activity.schema.ts";
import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import { AUDIT_PRUNE_JOB, AUDIT_RETENTION_MONTHS } from "../../core/audit/audit-retention.ts";
import { recurringKey } from "../../core/jobs/jobs.service.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

const APPLICATION = {
  fullName: "Selam Bekele",
  email: "selam@example.org",
  phone: "+251 911 234 567",
  age: 31,
  interest: "Event Support",
  motivation: "I want to help.",
  availability: "Weekends",
};
const VIDEO = {
  title: "Meron's story",
  description: "Why she volunteers.",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  category: "Testimonials",
};

describe.each(DIALECTS)("Activity API on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-20T09:00:00.000Z");
  let admin: { authorization: string };
  let inbox: { authorization: string };
  let applicationId: string;
  let videoId: string;

  const tick = (ms = 60_000) => {
    now = new Date(now.getTime() + ms);
  };
  const activity = async (query: Record<string, string> = {}, headers = admin) => {
    const response = await t.app.inject({ url: "/api/admin/activity", query, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityPage>();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    admin = await t.adminHeaders();
    await t.database.db
      .updateTable("admin_users")
      .set({ name: "Meron" })
      .where("email", "=", TEST_ADMIN.email)
      .execute();
    tick();
    inbox = await t.staffHeaders("inbox");
    await t.services.volunteers.submit(APPLICATION);
    applicationId = (await t.services.volunteers.list())[0]?._id as string;

    tick(24 * 60 * 60_000); // 2026-11-21: yesterday's sessions have ended
    admin = await t.adminHeaders();
    tick();
    inbox = await t.staffHeaders("inbox");
    tick();
    const status = await t.app.inject({
      method: "PUT",
      url: "/api/volunteer/status",
      headers: inbox,
      payload: { ids: [applicationId], status: "Accepted" },
    });
    expect(status.statusCode).toBe(200);
    tick();
    const created = await t.app.inject({ method: "POST", url: "/api/videos", headers: admin, payload: VIDEO });
    videoId = created.json()._id;
    tick();
    await t.app.inject({
      method: "PUT",
      url: `/api/videos/${videoId}`,
      headers: admin,
      payload: { ...VIDEO, title: "Meron's story, told again", category: "Community Stories" },
    });
  });
  afterAll(() => t.close());

  it("lists the log newest first, each entry as a sentence naming the person and the record", async () => {
    const { entries } = await activity();
    expect(entries.map((e) => e.summary).slice(0, 3)).toEqual([
      "Meron changed the category and title of video “Meron's story, told again”.",
      "Meron created video “Meron's story, told again”.",
      "inbox@hopebehindbars.test changed the status of volunteer application “Selam Bekele” to Accepted.",
    ]);
    expect(entries[0]).toMatchObject({
      person: "Meron",
      email: TEST_ADMIN.email,
      ip: "127.0.0.1",
      action: "update",
      entity: "video",
      entityId: videoId,
      fields: ["category", "title"],
    });
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("filters by person, action, entity and date range", async () => {
    const inboxId = (await t.services.activity.people()).find((p) => p.email === "inbox@hopebehindbars.test")?.id;
    const byPerson = await activity({ person: inboxId as string });
    expect(byPerson.entries.map((e) => e.action)).toEqual(["status", "login", "login"]);
    expect((await activity({ action: "status" })).entries.map((e) => e.entityId)).toEqual([applicationId]);
    expect((await activity({ entity: "video" })).entries.map((e) => e.action)).toEqual(["update", "create"]);
    const firstDay = await activity({ from: "2026-11-20", to: "2026-11-20" });
    // An account is made and signs in within the same instant: compare without their order.
    expect(firstDay.entries.map((e) => e.summary).sort()).toEqual([
      "Meron signed in.",
      "System created staff member “inbox@hopebehindbars.test” as Inbox.",
      "System created staff member “staff@hopebehindbars.test” as Administrator.",
      "inbox@hopebehindbars.test signed in.",
    ]);
    expect((await activity({ from: "2026-11-21" })).entries.map((e) => e.action)).toEqual([
      "update",
      "create",
      "status",
      "login",
      "login",
    ]);
  });

  it("pages with a cursor, without repeating or skipping an entry", async () => {
    const all = (await activity()).entries.map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage = await activity({ limit: "2", ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it("refuses filters it cannot read", async () => {
    const queries: Array<Record<string, string>> = [
      { from: "yesterday" },
      { from: "2026-11-22", to: "2026-11-01" },
      { cursor: "nonsense" },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: "/api/admin/activity", query, headers: admin });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it("is for Administrators only", async () => {
    for (const url of ["/api/admin/activity", "/api/admin/activity/people", "/api/admin/activity/export.csv"]) {
      expect((await t.app.inject({ url, headers: inbox })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: await t.staffHeaders("editor") })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it("exports the filtered list as CSV, and records the export", async () => {
    tick();
    const response = await t.app.inject({
      url: "/api/admin/activity/export.csv",
      query: { entity: "video" },
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="activity-2026-11-21.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Person,E-mail,IP,Action,Record,Record id,Fields,What happened");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`update,video,${videoId},category title,`);
    const [latest] = (await activity()).entries;
    expect(latest).toMatchObject({ action: "export", entity: "activity", fields: ["entity"], values: { rows: 2 } });
    expect(latest?.summary).toBe("Meron exported the activity log (2 rows).");
  });

  it(`keeps entries ${AUDIT_RETENTION_MONTHS} months, pruned by a daily job on core/jobs`, async () => {
    const today = now;
    const recordAt = async (at: Date) => {
      now = at;
      await t.services.audit.record(t.database.db, SYSTEM_ACTOR, {
        action: "delete",
        entity: "video",
        entityId: at.toISOString(),
      });
      now = today;
    };
    const tooOld = subMonths(today, AUDIT_RETENTION_MONTHS);
    tooOld.setUTCSeconds(tooOld.getUTCSeconds() - 1);
    const justKept = subMonths(today, AUDIT_RETENTION_MONTHS);
    justKept.setUTCSeconds(justKept.getUTCSeconds() + 1);
    const twoYears = subMonths(today, 24);
    for (const at of [tooOld, justKept, twoYears]) await recordAt(at);

    await t.services.jobs.scheduleRecurring(); // what a worker start does
    await t.services.jobs.runDue();

    const job = await t.services.jobs.state({ key: recurringKey(AUDIT_PRUNE_JOB) });
    expect(job).toMatchObject({ status: "queued", progress: { removed: 1 } });
    expect(new Date(job?.runAt as string).getTime() - today.getTime()).toBe(24 * 60 * 60 * 1000);
    const left = await t.database.db
      .selectFrom("audit_log")
      .select("entity_id")
      .where("entity", "=", "video")
      .execute();
    const ids = left.map((r) => r.entity_id);
    expect(ids).not.toContain(tooOld.toISOString());
    expect(ids).toEqual(expect.arrayContaining([justKept.toISOString(), twoYears.toISOString()]));
  });
  it("still names a piece of content after it is deleted; a person's record, never once it is gone", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers: admin,
      payload: { ...VIDEO, title: "A story told once" },
    });
    const id = created.json()._id as string;
    tick();
    expect((await t.app.inject({ method: "DELETE", url: `/api/videos/${id}`, headers: admin })).statusCode).toBe(204);
    const { entries } = await activity({ entity: "video" });
    expect(entries.filter((e) => e.entityId === id).map((e) => e.summary)).toEqual([
      "Meron deleted video “A story told once”.",
      "Meron created video “A story told once”.",
    ]);
    // A person's name is personal data, erased with them: the log keeps none of it.
    const kept = await t.database.db
      .selectFrom("audit_log")
      .select("label")
      .where("entity", "=", "volunteer-application")
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => row.label === null)).toBe(true);
  });

  it("names campaigns, welcome e-mails and gifts, also once deleted; a deleted subscriber as “a subscriber”, never by id", async () => {
    tick();
    const campaign = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: admin,
      payload: { name: "Year-end appeal", startsOn: "2026-11-27", endsOn: "2026-12-31", goal: "100" },
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    tick();
    const [step] = (await t.app.inject({ url: "/api/email-series/welcome", headers: admin })).json().steps;
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/email-series/welcome/steps/${step._id}`,
      headers: admin,
      payload: { ...step, subjectEn: "Meet Hana" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    tick();
    const gift = await t.app.inject({
      method: "POST",
      url: "/api/offline-gifts",
      headers: admin,
      payload: {
        receivedOn: "2026-11-20",
        method: "bank-transfer",
        amount: "1,000",
        currency: "etb",
        etbPerUsd: "155.5",
        fund: "vocational-training-machine",
        donorName: "Abeba Tesfaye",
        donorEmail: "abeba@example.org",
      },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const giftId = gift.json()._id as string;
    tick();
    const giftGone = await t.app.inject({ method: "DELETE", url: `/api/offline-gifts/${giftId}`, headers: admin });
    expect(giftGone.statusCode, giftGone.body).toBeLessThan(300);
    tick();
    await t.app.inject({ method: "POST", url: "/api/subscribe", payload: { email: "reader@example.org" } });
    const subscribers = (await t.app.inject({ url: "/api/subscribe", headers: admin })).json<Array<{ _id: string }>>();
    const subscriberId = subscribers[0]?._id as string;
    tick();
    const unsubscribed = await t.app.inject({
      method: "DELETE",
      url: "/api/subscribe",
      headers: admin,
      payload: { ids: [subscriberId] },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    // The records' rows go, as a retention run or a later delete would take them.
    await t.database.db.deleteFrom("campaigns").execute();
    await t.database.db.deleteFrom("receipts").where("offline_gift_id", "=", giftId).execute();
    await t.database.db.deleteFrom("offline_gifts").where("id", "=", giftId).execute();

    const { entries } = await activity({ from: "2026-11-21" });
    const about = (id: string) => entries.filter((e) => e.entityId === id).map((e) => e.summary);
    expect(about(campaign.json().id)).toEqual(["Meron created campaign “Year-end appeal”."]);
    expect(about(step._id)).toEqual(["Meron changed the subject en of welcome e-mail “Meet Hana”."]);
    expect(about(giftId)).toEqual([
      "Meron deleted the offline gift of ETB 1,000 on 20 Nov 2026.",
      "Meron created the offline gift of ETB 1,000 on 20 Nov 2026.",
    ]);
    expect(about(subscriberId)).toEqual(["Meron deleted a subscriber."]);
    for (const entry of entries) {
      expect(entry.summary).not.toContain(subscriberId.slice(0, 8));
      expect(entry.summary).not.toMatch(/\b[0-9a-f]{8}\b/);
    }
    const kept = await t.database.db
      .selectFrom("audit_log")
      .select("label")
      .where("entity", "=", "subscriber")
      .execute();
    expect(kept.every((row) => row.label === null)).toBe(true);
  });
});
