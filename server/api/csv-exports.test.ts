import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * The streamed exports write, byte for byte, what the whole-file exports wrote before them: each
 * expectation below is the earlier code's output on the same rows, kept as it was.
 */
const DANGEROUS = '=HYPERLINK("https://evil.example","x")';

async function seed(t: TestApp) {
  const { db } = t.database;
  await db
    .insertInto("audit_log")
    .values(
      [0, 1, 2, 3, 4].map((i) => ({
        id: `audit-${i}`,
        at: `2025-01-0${1 + (i % 3)}T10:00:00.000Z`,
        actor_id: null,
        actor_email: i === 2 ? "+someone@example.org" : "ayana@example.org",
        ip: "203.0.113.9",
        action: i === 3 ? "delete" : "update",
        entity: "subscriber",
        entity_id: i === 4 ? null : `sub-${i}`,
        changes: JSON.stringify({ fields: i === 1 ? ["status", "source"] : [], values: {} }),
      })),
    )
    .execute();
  await db
    .insertInto("subscribers")
    .values([
      {
        id: "sub-0",
        email: "ayana@example.org",
        created_at: "2025-01-01T08:00:00.000Z",
        status: "confirmed",
        confirmed_at: "2025-01-01T09:00:00.000Z",
        unsubscribed_at: null,
        source: `Import: ${DANGEROUS}`,
      },
      {
        id: "sub-1",
        email: "-2+3@example.org",
        created_at: "2025-01-01T08:00:00.000Z",
        status: "unsubscribed",
        confirmed_at: "2025-01-01T09:00:00.000Z",
        unsubscribed_at: "2025-02-01T09:00:00.000Z",
        source: "Website form",
      },
      {
        id: "sub-2",
        email: "ሰላም@example.org",
        created_at: "2025-03-01T08:00:00.000Z",
        status: "pending",
        confirmed_at: null,
        unsubscribed_at: null,
        source: "Spring fair, 2025",
      },
    ])
    .execute();
  const donation = (id: string, created: string, extra: Record<string, unknown> = {}) => ({
    id,
    provider: "sandbox",
    checkout_session_id: `cs-${id}`,
    frequency: "one-time",
    amount_cents: 2500,
    currency: "usd",
    status: "paid",
    donor_email: "donor@example.org",
    donor_name: "Meron \u201cM\u201d Tadesse",
    customer_id: null,
    subscription_id: null,
    fund_id: null,
    created_at: created,
    updated_at: created,
    paid_at: created,
    ended_at: null,
    amount_changed_at: null,
    ...extra,
  });
  await db
    .insertInto("donations")
    .values([
      donation("don-a", "2025-05-01T10:00:00.000Z", { donor_name: DANGEROUS, fund_id: "water-well" }),
      donation("don-b", "2025-05-01T10:00:00.000Z", { frequency: "monthly", donor_email: "+1@example.org" }),
      donation("don-c", "2025-06-01T10:00:00.000Z", { status: "pending", paid_at: null, donor_email: null }),
    ])
    .execute();
  await db
    .insertInto("donation_payments")
    .values([
      {
        id: "pay-1",
        donation_id: "don-b",
        reference: "in_1",
        payment_intent_id: null,
        amount_cents: 2500,
        refunded_cents: 0,
        currency: "usd",
        paid_at: "2025-05-01T10:00:00.000Z",
        refunded_at: null,
      },
      {
        id: "pay-2",
        donation_id: "don-b",
        reference: "in_2",
        payment_intent_id: null,
        amount_cents: 2500,
        refunded_cents: 1000,
        currency: "usd",
        paid_at: "2025-06-01T10:00:00.000Z",
        refunded_at: "2025-06-02T10:00:00.000Z",
      },
    ])
    .execute();
  const gift = (id: string, received: string, extra: Record<string, unknown> = {}) => ({
    id,
    received_on: received,
    method: "bank-transfer",
    amount_minor: 550000,
    currency: "etb",
    etb_per_usd: "55.00",
    usd_cents: 10000,
    fund_id: null,
    donor_name: "Abebe",
    donor_email: null,
    reference: null,
    note: null,
    pledge_id: null,
    created_at: `${received}T12:00:00.000Z`,
    created_by: "staff",
    updated_at: `${received}T12:00:00.000Z`,
    updated_by: "staff",
    deleted_at: null,
    deleted_by: null,
    ...extra,
  });
  await db
    .insertInto("offline_gifts")
    .values([
      gift("gift-1", "2025-04-02"),
      gift("gift-2", "2025-04-03", {
        method: "cash",
        currency: "usd",
        amount_minor: 4000,
        etb_per_usd: null,
        usd_cents: 4000,
        donor_name: "@cash box",
      }),
      gift("gift-3", "2025-04-04", { deleted_at: "2025-04-05T00:00:00.000Z", deleted_by: "staff" }),
    ])
    .execute();
}

async function seedInbox(t: TestApp) {
  await t.database.db
    .insertInto("volunteer_applications")
    .values([
      {
        id: "app-1",
        full_name: "Selam Bekele",
        email: "selam@example.org",
        phone: "+251 911 234 567",
        age: 31,
        interest: "Other",
        skill_set: "Nursing, counselling",
        other_interest_detail: "=1+1",
        motivation: 'I want to "help".',
        availability: "Weekends",
        linkedin: null,
        twitter: null,
        additional_comments: "Two\nlines",
        status: "Pending",
        created_at: "2025-02-01T10:00:00.000Z",
      },
      {
        id: "app-2",
        full_name: "@Dawit",
        email: "dawit@example.org",
        phone: "0911",
        age: null,
        interest: "Event Support",
        skill_set: null,
        other_interest_detail: null,
        motivation: "Because.",
        availability: "Flexible",
        linkedin: "https://linkedin.example/dawit",
        twitter: null,
        additional_comments: null,
        status: "Accepted",
        created_at: "2025-03-01T10:00:00.000Z",
      },
    ])
    .execute();
  await t.database.db
    .insertInto("contact_messages")
    .values([
      {
        id: "msg-1",
        name: "Hanna",
        email: "hanna@example.org",
        message: "-hello, there",
        is_read: 1,
        created_at: "2025-02-01T10:00:00.000Z",
      },
      {
        id: "msg-2",
        name: "ሰላም",
        email: "s@example.org",
        message: "Hi",
        is_read: 0,
        created_at: "2025-02-01T10:00:00.000Z",
      },
    ])
    .execute();
}

describe.each(DIALECTS)("CSV exports on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const get = async (url: string) => {
    const response = await t.app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    return response.body;
  };
  const lastExport = async (entity: string) => {
    const row = await t.database.db
      .selectFrom("audit_log")
      .select("changes")
      .where("action", "=", "export")
      .where("entity", "=", entity)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    return JSON.parse(row.changes).values;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => new Date("2026-11-21T09:00:00.000Z") });
    headers = await t.adminHeaders();
    await seed(t);
    await seedInbox(t);
  });
  afterAll(() => t.close());

  it("activity: the same file as before", async () => {
    const lines = [
      "Time (UTC),Person,E-mail,IP,Action,Record,Record id,Fields,What happened",
      "2025-01-03T10:00:00.000Z,'+someone@example.org,'+someone@example.org,203.0.113.9,update,subscriber,sub-2,,'+someone@example.org saved subscriber “ሰላም@example.org” without changes.",
      "2025-01-02T10:00:00.000Z,ayana@example.org,ayana@example.org,203.0.113.9,update,subscriber,,,ayana@example.org saved a subscriber without changes.",
      "2025-01-02T10:00:00.000Z,ayana@example.org,ayana@example.org,203.0.113.9,update,subscriber,sub-1,status source,ayana@example.org changed the status and source of subscriber “-2+3@example.org”.",
      "2025-01-01T10:00:00.000Z,ayana@example.org,ayana@example.org,203.0.113.9,delete,subscriber,sub-3,,ayana@example.org deleted a subscriber.",
      "2025-01-01T10:00:00.000Z,ayana@example.org,ayana@example.org,203.0.113.9,update,subscriber,sub-0,,ayana@example.org saved subscriber “ayana@example.org” without changes.",
    ];
    expect(await get("/api/admin/activity/export.csv?to=2025-12-31")).toBe(`\uFEFF${lines.join("\r\n")}\r\n`);
    expect(await lastExport("activity")).toEqual({ rows: 5 });
  });

  it("subscribers: the same file as before", async () => {
    const lines = [
      "Email,Subscribed at (UTC),Status,Confirmed at (UTC),Unsubscribed at (UTC),Source",
      'ሰላም@example.org,2025-03-01T08:00:00.000Z,Pending,,,"Spring fair, 2025"',
      'ayana@example.org,2025-01-01T08:00:00.000Z,Confirmed,2025-01-01T09:00:00.000Z,,"Import: =HYPERLINK(""https://evil.example"",""x"")"',
      "'-2+3@example.org,2025-01-01T08:00:00.000Z,Unsubscribed,2025-01-01T09:00:00.000Z,2025-02-01T09:00:00.000Z,Website form",
    ];
    expect(await get("/api/subscribe/export.csv")).toBe(`\uFEFF${lines.join("\r\n")}\r\n`);
    expect(await lastExport("subscriber")).toEqual({ rows: 3 });
  });

  it("donations: the same file as before", async () => {
    const lines = [
      "Created,Paid,Donor email,Donor name,Amount,Currency,Frequency,Status,Payments,Received (net of refunds),Provider,Id,Method,For,ETB per USD,USD value,Fee cover received",
      "2025-06-01T10:00:00.000Z,,,Meron “M” Tadesse,25.00,USD,one-time,pending,0,0.00,sandbox,don-c,card,Where most needed,,0.00,0.00",
      "2025-05-01T10:00:00.000Z,2025-05-01T10:00:00.000Z,'+1@example.org,Meron “M” Tadesse,25.00,USD,monthly,paid,2,40.00,sandbox,don-b,card,Where most needed,,40.00,0.00",
      '2025-05-01T10:00:00.000Z,2025-05-01T10:00:00.000Z,donor@example.org,"\'=HYPERLINK(""https://evil.example"",""x"")",25.00,USD,one-time,paid,0,0.00,sandbox,don-a,card,water-well,,0.00,0.00',
      "2025-04-03T12:00:00.000Z,2025-04-03,,'@cash box,40.00,USD,offline,received,1,40.00,,gift-2,cash,Where most needed,,40.00,0.00",
      "2025-04-02T12:00:00.000Z,2025-04-02,,Abebe,5500.00,ETB,offline,received,1,5500.00,,gift-1,bank transfer,Where most needed,55.00,100.00,0.00",
    ];
    expect(await get("/api/donations/export.csv")).toBe(`\uFEFF${lines.join("\r\n")}\r\n`);
    expect(await lastExport("donation")).toEqual({ rows: 5 });
  });

  it("volunteer applications: formula-safe, in the list's order, recorded, for inbox staff only", async () => {
    const lines = [
      "Applied at (UTC),Full name,Email,Phone,Age,Interest,Other interest,Skills,Availability,Motivation,LinkedIn,Twitter,Comments,Status",
      "2025-03-01T10:00:00.000Z,'@Dawit,dawit@example.org,0911,,Event Support,,,Flexible,Because.,https://linkedin.example/dawit,,,Accepted",
      '2025-02-01T10:00:00.000Z,Selam Bekele,selam@example.org,\'+251 911 234 567,31,Other,\'=1+1,"Nursing, counselling",Weekends,"I want to ""help"".",,,"Two\nlines",Pending',
    ];
    expect(await get("/api/volunteer/export.csv")).toBe(`\uFEFF${lines.join("\r\n")}\r\n`);
    expect(await lastExport("volunteer-application")).toEqual({ rows: 2 });
    const inbox = await t.staffHeaders("inbox");
    expect((await t.app.inject({ url: "/api/volunteer/export.csv", headers: inbox })).statusCode).toBe(200);
    const editor = await t.staffHeaders("editor");
    expect((await t.app.inject({ url: "/api/volunteer/export.csv", headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/volunteer/export.csv" })).statusCode).toBe(401);
  });

  it("contact messages: formula-safe, in the list's order, recorded, for inbox staff only", async () => {
    const lines = [
      "Received at (UTC),Name,Email,Message,Read",
      '2025-02-01T10:00:00.000Z,Hanna,hanna@example.org,"\'-hello, there",Yes',
      "2025-02-01T10:00:00.000Z,ሰላም,s@example.org,Hi,No",
    ];
    expect(await get("/api/messages/export.csv")).toBe(`\uFEFF${lines.join("\r\n")}\r\n`);
    expect(await lastExport("message")).toEqual({ rows: 2 });
    const editor = await t.staffHeaders("editor");
    expect((await t.app.inject({ url: "/api/messages/export.csv", headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/messages/export.csv" })).statusCode).toBe(401);
  });

  it("pages past a batch whose rows share one time without skipping or repeating any", async () => {
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      id: `bulk-${String(i).padStart(4, "0")}`,
      name: `bulk-${String(i).padStart(4, "0")}`,
      email: "same@example.org",
      message: "Hi",
      is_read: 0,
      created_at: `2024-01-0${1 + (i % 3)}T00:00:00.000Z`,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto("contact_messages")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const listed = (await t.services.messages.list()).map((m) => `${m.createdAt},${m.name}`);
    const exported = (await get("/api/messages/export.csv")).split("\r\n").slice(1, -1);
    expect(exported).toHaveLength(listed.length);
    expect(exported.map((line) => line.split(",").slice(0, 2).join(","))).toEqual(listed);
  });
});
