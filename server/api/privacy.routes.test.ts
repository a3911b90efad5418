import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newId } from "../../core/shared/ids.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

interface Rule {
  id: string;
  label: string;
  period: number;
  due: number;
  rule: string;
}

/** Ids of rows a rule must keep or remove, named for what they are. */
const ids = {
  messageDue: newId(),
  messageKept: newId(),
  volunteerDueNew: newId(),
  volunteerDueDecided: newId(),
  volunteerKept: newId(),
  giftDue: newId(),
  giftKept: newId(),
  monthlyActive: newId(),
  paymentDue: newId(),
  paymentKept: newId(),
  receiptDue: newId(),
  receiptKept: newId(),
  offlineDue: newId(),
  offlineKept: newId(),
  offlineReceiptDue: newId(),
  pledgeConfirmedOld: newId(),
  pledgeDismissedDue: newId(),
  pledgeDismissedKept: newId(),
  pledgePending: newId(),
  birrDue: newId(),
  birrKept: newId(),
  birrPaymentDue: newId(),
  birrReceiptDue: newId(),
};

describe.each(DIALECTS)("Retention and records of processing on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-28T12:00:00.000Z");
  let admin: { authorization: string };

  const get = async (url: string, headers = admin) => t.app.inject({ method: "GET", url, headers });
  const preview = async () => {
    const response = await get("/api/admin/retention");
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries(response.json<{ rules: Rule[] }>().rules.map((rule) => [rule.id, rule.due]));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    admin = await t.adminHeaders();
    const { db } = t.database;
    const adminId = (
      await db.selectFrom("admin_users").select("id").where("email", "=", TEST_ADMIN.email).executeTakeFirstOrThrow()
    ).id;
    const message = (id: string, at: string) => ({
      id,
      name: "Hana",
      email: `hana-${id}@example.org`,
      message: "Hello",
      is_read: 0,
      created_at: at,
    });
    await db
      .insertInto("contact_messages")
      .values([
        message(ids.messageDue, "2025-11-28T11:59:00.000Z"),
        message(ids.messageKept, "2025-11-28T12:01:00.000Z"),
      ])
      .execute();
    const application = (id: string, createdAt: string, changedAt: string | null) => ({
      id,
      full_name: "Selam",
      email: "selam@example.org",
      phone: "+251 911 234 567",
      age: 30,
      interest: "Event Support",
      skill_set: null,
      other_interest_detail: null,
      motivation: "To help",
      availability: "Weekends",
      linkedin: null,
      twitter: null,
      additional_comments: null,
      status: changedAt ? "Accepted" : "Pending",
      created_at: createdAt,
      status_changed_at: changedAt,
    });
    await db
      .insertInto("volunteer_applications")
      .values([
        application(ids.volunteerDueNew, "2024-11-28T11:59:00.000Z", null),
        application(ids.volunteerDueDecided, "2020-01-01T00:00:00.000Z", "2024-11-28T11:59:00.000Z"),
        // Sent long ago, but decided inside the period: the decision starts it.
        application(ids.volunteerKept, "2020-01-01T00:00:00.000Z", "2024-11-28T12:01:00.000Z"),
      ])
      .execute();
    const subscriber = (email: string, status: "pending" | "confirmed", at: string) => ({
      id: newId(),
      email,
      created_at: at,
      status,
      confirmed_at: status === "confirmed" ? at : null,
      unsubscribed_at: null,
      source: "Website form",
    });
    await db
      .insertInto("subscribers")
      .values([
        subscriber("late@example.org", "pending", "2026-10-29T11:59:00.000Z"),
        subscriber("waiting@example.org", "pending", "2026-10-29T12:01:00.000Z"),
        subscriber("reader@example.org", "confirmed", "2020-01-01T00:00:00.000Z"),
      ])
      .execute();
    const donation = (
      id: string,
      frequency: string,
      status: string,
      paidAt: string | null,
      createdAt: string,
      currency = "usd",
    ) => ({
      id,
      provider: currency === "etb" ? "chapa" : "sandbox",
      checkout_session_id: `cs_${id}`,
      frequency,
      amount_cents: 5000,
      currency,
      status,
      donor_email: "abebe@example.org",
      donor_name: "Abebe",
      customer_id: null,
      subscription_id: null,
      fund_id: null,
      created_at: createdAt,
      updated_at: createdAt,
      paid_at: paidAt,
      ended_at: null,
      amount_changed_at: null,
    });
    await db
      .insertInto("donations")
      .values([
        donation(ids.giftDue, "one-time", "paid", "2016-11-28T11:59:00.000Z", "2016-11-28T11:50:00.000Z"),
        donation(ids.giftKept, "one-time", "paid", "2016-11-28T12:01:00.000Z", "2016-11-28T11:50:00.000Z"),
        // A monthly gift still paid: never due, however old.
        donation(ids.monthlyActive, "monthly", "paid", "2010-01-01T00:00:00.000Z", "2010-01-01T00:00:00.000Z"),
        donation(newId(), "one-time", "pending", null, "2026-10-29T11:59:00.000Z"),
        donation(newId(), "one-time", "pending", null, "2026-10-29T12:01:00.000Z"),
        // Gifts in birr through Chapa: their own rule, the same ten years.
        donation(ids.birrDue, "one-time", "paid", "2016-11-28T11:58:00.000Z", "2016-11-28T11:50:00.000Z", "etb"),
        donation(ids.birrKept, "one-time", "paid", "2016-11-28T12:02:00.000Z", "2016-11-28T11:50:00.000Z", "etb"),
      ])
      .execute();
    // A tribute just outside its 24 months, a wall entry just inside (docs/decisions/0780, 0781).
    await db
      .insertInto("donation_tributes")
      .values({
        donation_id: ids.giftDue,
        kind: "memory",
        name: "Abebe's mother",
        notify_name: null,
        notify_email: "family@example.org",
        show_amount: 0,
        created_at: "2024-11-28T11:59:00.000Z",
        card_queued_at: null,
      })
      .execute();
    await db
      .insertInto("donor_wall_entries")
      .values({
        donation_id: ids.giftKept,
        display_name: "Abebe",
        message: null,
        state: "approved",
        created_at: "2024-11-28T12:01:00.000Z",
        moderated_at: null,
      })
      .execute();
    // Welcome e-mails: one enrolment (with a step sent) just outside its 12 months, one just inside.
    const enrolment = (id: string, email: string, at: string) => ({
      id,
      series: "welcome",
      email,
      email_key: email,
      locale: "en",
      enrolled_at: at,
      second_gift_at: null,
      stopped_at: null,
      stop_reason: null,
    });
    const [welcomeDue, welcomeKept] = [newId(), newId()];
    await db
      .insertInto("email_series_enrolments")
      .values([
        enrolment(welcomeDue, "first-due@example.org", "2025-11-28T11:59:00.000Z"),
        enrolment(welcomeKept, "first-kept@example.org", "2025-11-28T12:01:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("email_series_sends")
      .values({ enrolment_id: welcomeDue, step_id: "welcome-day-7", outcome: "queued", at: "2025-12-05T12:00:00.000Z" })
      .execute();
    const payment = (id: string, donationId: string, at: string, currency = "usd") => ({
      id,
      donation_id: donationId,
      reference: `pi_${id}`,
      payment_intent_id: null,
      amount_cents: 5000,
      refunded_cents: 0,
      currency,
      paid_at: at,
      refunded_at: null,
    });
    await db
      .insertInto("donation_payments")
      .values([
        payment(ids.paymentDue, ids.giftDue, "2016-11-27T11:59:00.000Z"),
        payment(ids.paymentKept, ids.giftKept, "2016-11-28T12:01:00.000Z"),
        payment(ids.birrPaymentDue, ids.birrDue, "2016-11-27T11:59:00.000Z", "etb"),
      ])
      .execute();
    const gift = (id: string, receivedOn: string) => ({
      id,
      received_on: receivedOn,
      method: "bank-transfer",
      amount_minor: 150000,
      currency: "etb",
      etb_per_usd: "150",
      usd_cents: 1000,
      fund_id: null,
      donor_name: "Tigist",
      donor_email: "tigist@example.org",
      reference: "FT123",
      note: "Thanks",
      pledge_id: null,
      created_at: `${receivedOn}T09:00:00.000Z`,
      created_by: "staff@example.org",
      updated_at: `${receivedOn}T09:00:00.000Z`,
      updated_by: "staff@example.org",
      deleted_at: null,
      deleted_by: null,
    });
    await db
      .insertInto("offline_gifts")
      .values([gift(ids.offlineDue, "2016-11-27"), gift(ids.offlineKept, "2016-11-28")])
      .execute();
    const receipt = (
      id: string,
      number: string,
      source: { payment_id: string } | { offline_gift_id: string },
      giftDate: string,
      currency = "usd",
    ) => ({
      id,
      number,
      year: 2016,
      payment_id: null,
      offline_gift_id: null,
      ...source,
      donor_email: "abebe@example.org",
      donor_name: "Abebe",
      gift_date: giftDate,
      amount_minor: 5000,
      currency,
      fund_id: null,
      frequency: "one-time",
      issued_at: `${giftDate}T12:00:00.000Z`,
      sent_count: 1,
      voided_at: null,
    });
    await db
      .insertInto("receipts")
      .values([
        receipt(ids.receiptDue, "2016-0001", { payment_id: ids.paymentDue }, "2016-11-27"),
        receipt(ids.receiptKept, "2016-0002", { payment_id: ids.paymentKept }, "2016-11-28"),
        receipt(ids.offlineReceiptDue, "2016-0003", { offline_gift_id: ids.offlineDue }, "2016-11-27"),
        receipt(ids.birrReceiptDue, "2016-0004", { payment_id: ids.birrPaymentDue }, "2016-11-27", "etb"),
      ])
      .execute();
    const pledge = (id: string, status: string, transferredOn: string, decidedAt: string | null) => ({
      id,
      donor_name: "Tigist",
      donor_email: "tigist@example.org",
      amount_minor: 150000,
      currency: "etb",
      transferred_on: transferredOn,
      bank_reference: "FT123",
      status,
      created_at: `${transferredOn}T08:00:00.000Z`,
      decided_at: decidedAt,
      decided_by: decidedAt ? "staff@example.org" : null,
    });
    await db
      .insertInto("gift_pledges")
      .values([
        pledge(ids.pledgeConfirmedOld, "confirmed", "2016-11-27", "2016-11-29T08:00:00.000Z"),
        pledge(ids.pledgeDismissedDue, "dismissed", "2026-08-01", "2026-08-30T11:59:00.000Z"),
        pledge(ids.pledgeDismissedKept, "dismissed", "2026-08-01", "2026-08-30T12:01:00.000Z"),
        // Waiting for staff: never removed by a rule.
        pledge(ids.pledgePending, "pending", "2020-01-01", null),
      ])
      .execute();
    await db
      .insertInto("statement_sends")
      .values([
        { batch_id: "b1", donor_email: "a@example.org", sent_at: "2024-11-28T11:59:00.000Z" },
        { batch_id: "b1", donor_email: "b@example.org", sent_at: "2024-11-28T12:01:00.000Z" },
      ])
      .execute();
    const link = (expiresAt: string) => ({
      id: newId(),
      purpose: "password-reset",
      subject: adminId,
      token_hash: newId(),
      created_at: "2026-11-01T00:00:00.000Z",
      expires_at: expiresAt,
      uses_left: 1,
      ended_at: null,
    });
    await db
      .insertInto("single_use_links")
      .values([link("2026-11-21T11:59:00.000Z"), link("2026-11-21T12:01:00.000Z")])
      .execute();
    await db
      .insertInto("donor_sessions")
      .values({
        id: newId(),
        email: "abebe@example.org",
        token_hash: newId(),
        created_at: "2026-11-21T11:00:00.000Z",
        expires_at: "2026-11-21T11:59:00.000Z",
      })
      .execute();
    await db
      .insertInto("login_throttle")
      .values([
        { key: "source:203.0.113.9", failures: 3, blocked_until: null, updated_at: "2026-11-27T11:59:00.000Z" },
        { key: "source:203.0.113.10", failures: 3, blocked_until: null, updated_at: "2026-11-27T12:01:00.000Z" },
      ])
      .execute();
    await db
      .insertInto("admin_sessions")
      .values({
        id: newId(),
        admin_user_id: adminId,
        token_hash: newId(),
        created_at: "2026-11-21T03:00:00.000Z",
        expires_at: "2026-11-21T11:59:00.000Z",
        ip: "203.0.113.5",
        user_agent: "Firefox",
        last_seen_at: "2026-11-21T04:00:00.000Z",
        enrolment_only: 0,
      })
      .execute();
    const invitation = (revokedAt: string | null, expiresAt: string) => ({
      id: newId(),
      email: `invitee-${newId()}@example.org`,
      role: "editor" as const,
      invited_by: adminId,
      created_at: "2026-10-01T00:00:00.000Z",
      sent_at: "2026-10-01T00:00:00.000Z",
      expires_at: expiresAt,
      accepted_at: null,
      revoked_at: revokedAt,
    });
    await db
      .insertInto("staff_invitations")
      .values([
        invitation("2026-10-29T11:59:00.000Z", "2026-12-01T00:00:00.000Z"),
        invitation(null, "2026-10-29T12:01:00.000Z"),
      ])
      .execute();
    const job = (type: string, finishedAt: string) => ({
      id: newId(),
      type,
      key: null,
      payload: JSON.stringify({ to: "abebe@example.org" }),
      status: "done" as const,
      attempts: 1,
      interruptions: 0,
      max_attempts: 5,
      run_at: finishedAt,
      locked_by: null,
      locked_until: null,
      last_error: null,
      progress: null,
      created_at: finishedAt,
      updated_at: finishedAt,
      finished_at: finishedAt,
    });
    await db
      .insertInto("jobs")
      .values([
        job("email", "2026-10-29T11:59:00.000Z"),
        job("email", "2026-10-29T12:01:00.000Z"),
        job("receipt", "2020-01-01T00:00:00.000Z"),
      ])
      .execute();
    const upload = (finishedAt: string | null) => ({
      id: newId(),
      source: "Old list",
      csv_length: 10,
      created_at: "2020-01-01T00:00:00.000Z",
      created_by: "staff@example.org",
      finished_at: finishedAt,
    });
    await db
      .insertInto("subscriber_imports")
      .values([upload("2026-10-29T11:59:00.000Z"), upload("2026-10-29T12:01:00.000Z"), upload(null)])
      .execute();
    const breach = (foundAt: string) => ({
      id: newId(),
      description: "A laptop was lost",
      found_at: foundAt,
      affected: "Volunteers",
      kinds: "[]",
      authority_notified_at: foundAt,
      people_informed_at: foundAt,
      recorded_at: foundAt,
      recorded_by: "staff@example.org",
    });
    await db
      .insertInto("data_breaches")
      .values([breach("2021-11-28T11:59:00.000Z"), breach("2021-11-28T12:01:00.000Z")])
      .execute();
  });

  afterAll(async () => {
    await t?.close();
  });

  const EXPECTED_DUE = {
    cardGifts: 2,
    birrGifts: 2,
    tributes: 1,
    unfinishedCheckouts: 1,
    offlineGifts: 3,
    dismissedTransferNotices: 1,
    statementSends: 1,
    unconfirmedSubscribers: 1,
    subscriberImports: 1,
    volunteerApplications: 2,
    // The due enrolment and the record of its sent step.
    welcomeEmails: 2,
    contactMessages: 1,
    singleUseLinks: 2,
    loginThrottle: 1,
    staffSessions: 1,
    staffInvitations: 1,
    queuedEmails: 1,
    breaches: 1,
  };

  it("is for Administrators only", async () => {
    for (const role of ["editor", "inbox"] as const) {
      const headers = await t.staffHeaders(role);
      expect((await get("/api/admin/retention", headers)).statusCode).toBe(403);
      expect((await get("/api/admin/records-of-processing", headers)).statusCode).toBe(403);
    }
  });

  it("previews, for every rule, the rows just outside its period and none just inside", async () => {
    expect(await preview()).toEqual(EXPECTED_DUE);
  });

  it("removes exactly what the preview showed, records how many in the audit log, and never a gift's amounts", async () => {
    const removed = await t.services.retention.run();
    expect(removed).toEqual(EXPECTED_DUE);
    expect(Object.values(await preview()).every((due) => due === 0)).toBe(true);

    const { db } = t.database;
    const entries = await db
      .selectFrom("audit_log")
      .select(["entity_id", "changes", "actor_email"])
      .where("action", "=", "retention")
      .execute();
    const audited: Record<string, number> = {};
    for (const entry of entries) {
      expect(entry.actor_email).toBe("system");
      const { values } = JSON.parse(entry.changes) as { values: { removed: number } };
      audited[entry.entity_id as string] = (audited[entry.entity_id as string] ?? 0) + values.removed;
      expect(entry.changes).not.toContain("@example.org");
    }
    expect(audited).toEqual(EXPECTED_DUE);

    const messages = await db.selectFrom("contact_messages").select("id").execute();
    expect(messages.map((row) => row.id)).toEqual([ids.messageKept]);
    const volunteers = await db.selectFrom("volunteer_applications").select("id").execute();
    expect(volunteers.map((row) => row.id)).toEqual([ids.volunteerKept]);

    const gifts = await db
      .selectFrom("donations")
      .select(["id", "donor_email", "donor_name", "amount_cents", "status"])
      .where("id", "in", [ids.giftDue, ids.giftKept, ids.monthlyActive, ids.birrDue, ids.birrKept])
      .orderBy("paid_at")
      .execute();
    expect(gifts).toEqual([
      {
        id: ids.monthlyActive,
        donor_email: "abebe@example.org",
        donor_name: "Abebe",
        amount_cents: 5000,
        status: "paid",
      },
      { id: ids.birrDue, donor_email: null, donor_name: null, amount_cents: 5000, status: "paid" },
      { id: ids.giftDue, donor_email: null, donor_name: null, amount_cents: 5000, status: "paid" },
      { id: ids.giftKept, donor_email: "abebe@example.org", donor_name: "Abebe", amount_cents: 5000, status: "paid" },
      { id: ids.birrKept, donor_email: "abebe@example.org", donor_name: "Abebe", amount_cents: 5000, status: "paid" },
    ]);
    const receipts = await db
      .selectFrom("receipts")
      .select(["number", "donor_email", "donor_name", "amount_minor"])
      .orderBy("number")
      .execute();
    expect(receipts).toEqual([
      { number: "2016-0001", donor_email: "", donor_name: null, amount_minor: 5000 },
      { number: "2016-0002", donor_email: "abebe@example.org", donor_name: "Abebe", amount_minor: 5000 },
      { number: "2016-0003", donor_email: "", donor_name: null, amount_minor: 5000 },
      { number: "2016-0004", donor_email: "", donor_name: null, amount_minor: 5000 },
    ]);
    const offline = await db
      .selectFrom("offline_gifts")
      .select(["id", "donor_email", "reference", "usd_cents"])
      .orderBy("received_on")
      .execute();
    expect(offline).toEqual([
      { id: ids.offlineDue, donor_email: null, reference: null, usd_cents: 1000 },
      { id: ids.offlineKept, donor_email: "tigist@example.org", reference: "FT123", usd_cents: 1000 },
    ]);
    const pledges = await db.selectFrom("gift_pledges").select(["id", "donor_email"]).orderBy("created_at").execute();
    expect(pledges).toEqual([
      { id: ids.pledgeConfirmedOld, donor_email: "" },
      { id: ids.pledgePending, donor_email: "tigist@example.org" },
      { id: ids.pledgeDismissedKept, donor_email: "tigist@example.org" },
    ]);
    const subscribers = await db.selectFrom("subscribers").select("email").orderBy("email").execute();
    expect(subscribers.map((row) => row.email)).toEqual(["reader@example.org", "waiting@example.org"]);
    // The staff member's live session (signed in by this test) is still there.
    expect((await get("/api/admin/retention")).statusCode).toBe(200);
  });

  it("moves with the clock: a day later the rows just inside are due", async () => {
    now = new Date("2026-11-29T12:00:00.000Z");
    admin = await t.adminHeaders(); // yesterday's session has ended
    const due = await preview();
    expect(due).toMatchObject({
      contactMessages: 1,
      volunteerApplications: 1,
      unconfirmedSubscribers: 1,
      dismissedTransferNotices: 1,
      cardGifts: 2,
      offlineGifts: 1,
      loginThrottle: 1,
      singleUseLinks: 1,
      staffInvitations: 1,
      queuedEmails: 1,
      subscriberImports: 1,
      statementSends: 1,
      unfinishedCheckouts: 1,
      breaches: 1,
    });
  });

  it("lets an Administrator change a period within its bounds, audited, and previews with it", async () => {
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/admin/retention",
      headers: admin,
      payload: { periods: { cardGifts: 60, contactMessages: 0 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fields: {
        cardGifts: "Card gifts and their receipts: a whole number of months from 120 to 240",
        contactMessages: "Contact messages: a whole number of months from 1 to 120",
      },
    });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/retention",
      headers: admin,
      payload: { periods: { contactMessages: 13 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rules = saved.json<{ rules: Rule[] }>().rules;
    const messages = rules.find((rule) => rule.id === "contactMessages");
    expect(messages).toMatchObject({ period: 13, due: 0, rule: "13 months after it was sent, then deleted" });
    const entry = await t.database.db
      .selectFrom("audit_log")
      .select(["entity", "entity_id"])
      .where("action", "=", "update")
      .where("entity", "=", "setting")
      .executeTakeFirstOrThrow();
    expect(entry.entity_id).toBe("privacy.retentionPeriods");
  });

  it("works in batches, and a run stopped between them goes on from there with every batch counted once", async () => {
    const { db } = t.database;
    const old = Array.from({ length: 1200 }, (_, i) => ({
      id: newId(),
      name: "Old",
      email: `old-${i}@example.org`,
      message: "Hello",
      is_read: 1,
      created_at: "2020-01-01T00:00:00.000Z",
    }));
    for (let i = 0; i < old.length; i += 400) {
      await db
        .insertInto("contact_messages")
        .values(old.slice(i, i + 400))
        .execute();
    }
    expect((await preview()).contactMessages).toBe(1200);
    // A shutdown after two batches of messages: the worker's signal stops the run between them.
    const recorded = vi.spyOn(t.services.audit, "record");
    const messageBatches = () =>
      recorded.mock.calls.filter(([, , entry]) => entry.entityId === "contactMessages").length;
    const stopping = {
      throwIfAborted() {
        if (messageBatches() >= 2) throw new Error("shutting down");
      },
    } as AbortSignal;
    await expect(t.services.retention.run(stopping)).rejects.toThrow("shutting down");
    recorded.mockRestore();
    const removedSoFar = async () => {
      const entries = await db
        .selectFrom("audit_log")
        .select("changes")
        .where("action", "=", "retention")
        .where("entity_id", "=", "contactMessages")
        .execute();
      return entries.reduce((sum, entry) => sum + (JSON.parse(entry.changes).values.removed as number), 0);
    };
    // Before: 1 from the first run. Two batches of 500 since.
    expect(await removedSoFar()).toBe(1001);
    expect((await preview()).contactMessages).toBe(200);
    expect((await t.services.retention.run()).contactMessages).toBe(200);
    expect(await removedSoFar()).toBe(1201);
    expect((await preview()).contactMessages).toBe(0);
  });

  it("lists every kind of personal data in the records of processing", async () => {
    const response = await get("/api/admin/records-of-processing");
    expect(response.statusCode).toBe(200);
    const records = response.json<{
      records: { label: string; basis: string; roles: string[]; storedIn: string[]; retention: string }[];
    }>().records;
    expect(records.map((record) => record.label)).toEqual([
      "Card gifts and their receipts",
      "Gifts in birr through Chapa and their receipts",
      "Gifts in honour or in memory, and the donor wall",
      "Card and birr checkouts never completed",
      "Offline gifts and their receipts",
      "Dismissed transfer notices",
      "Year-end statement sends",
      "Newsletter subscribers",
      "Unconfirmed newsletter sign-ups",
      "Newsletter deliveries",
      "Subscriber import files",
      "Volunteer applications",
      "Welcome e-mails after a first gift",
      "Contact messages",
      "Single-use links and My giving sessions",
      "Sign-in throttling counters",
      "Staff accounts",
      "Staff sessions",
      "Staff invitations",
      "Activity log entries",
      "E-mails in the sending queue",
      "Breach register",
      "Photos of people and their consent records",
      "Page-view counts",
    ]);
    expect(records.find((record) => record.label === "Gifts in birr through Chapa and their receipts")).toEqual(
      expect.objectContaining({
        storedIn: [
          "The site's database (SQLite or PostgreSQL)",
          "Chapa (payments in birr)",
          "The mail server (e-mails sent)",
        ],
        retention: "120 months after the gift was paid or ended, then the person's details cleared, the amounts kept",
      }),
    );
    expect(records.find((record) => record.label === "Volunteer applications")).toEqual(
      expect.objectContaining({
        basis: "Consent",
        roles: ["Administrator", "Inbox"],
        storedIn: ["The site's database (SQLite or PostgreSQL)", "The mail server (e-mails sent)"],
        retention: "24 months after its last status change, then deleted",
      }),
    );
    expect(records.find((record) => record.label === "Contact messages")?.retention).toBe(
      "13 months after it was sent, then deleted",
    );
    expect(records.find((record) => record.label === "Card gifts and their receipts")?.roles).toEqual([
      "Administrator",
    ]);
  });

  it("keeps a breach register: 72 hours to tell the authority, the people to inform, audited without what was written", async () => {
    const editor = await t.staffHeaders("editor");
    expect((await get("/api/admin/breaches", editor)).statusCode).toBe(403);
    const post = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/admin/breaches", headers: admin, payload });
    const refused = await post({ kinds: ["noSuchKind"] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({
      description: "What happened is required",
      foundAt: "When it was found is required",
      affected: "Who is affected is required",
    });
    const created = await post({
      description: "A volunteer's laptop with an export of messages was stolen",
      foundAt: "2026-11-29T10:00",
      affected: "People who wrote to us, and newsletter readers",
      kinds: ["contactMessages", "subscribers"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const breach = created.json<{ id: string; notifyBy: string; people: number; foundAt: string }>();
    // 10:00 in Addis Ababa is 07:00 UTC; the authority must hear by 72 hours later.
    expect(breach).toMatchObject({
      foundAt: "2026-11-29T07:00:00.000Z",
      notifyBy: "2026-12-02T07:00:00.000Z",
      people: 2,
    });
    const people = await get(`/api/admin/breaches/${breach.id}/people`);
    // The pending sign-up went with the run on the 29th.
    expect(people.json()).toEqual({ emails: [`hana-${ids.messageKept}@example.org`, "reader@example.org"] });
    const done = await t.app.inject({
      method: "PUT",
      url: `/api/admin/breaches/${breach.id}`,
      headers: admin,
      payload: { authorityNotified: true },
    });
    expect(done.json()).toMatchObject({ authorityNotifiedAt: now.toISOString(), peopleInformedAt: null });
    const listed = (await get("/api/admin/breaches")).json<{ breaches: { id: string }[] }>().breaches;
    expect(listed[0]?.id).toBe(breach.id);
    const entries = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("entity", "=", "breach")
      .orderBy("at")
      .execute();
    // Both at the test's one instant: compared by action.
    expect(entries.map((entry) => entry.action).sort()).toEqual(["create", "update"]);
    const create = entries.find((entry) => entry.action === "create");
    expect(JSON.parse(create?.changes ?? "{}").values).toEqual({ kinds: "contactMessages, subscribers" });
    for (const entry of entries) expect(entry.changes).not.toContain("laptop");
  });
  it("finds the people to inform of a breach of birr gifts apart from card gifts", async () => {
    const gift = (email: string, currency: string) => ({
      id: newId(),
      provider: currency === "etb" ? "chapa" : "sandbox",
      checkout_session_id: `cs_breach_${currency}`,
      frequency: "one-time",
      amount_cents: 5000,
      currency,
      status: "paid",
      donor_email: email,
      donor_name: null,
      customer_id: null,
      subscription_id: null,
      fund_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      paid_at: now.toISOString(),
      ended_at: null,
      amount_changed_at: null,
    });
    await t.database.db
      .insertInto("donations")
      .values([gift("birr-donor@example.org", "etb"), gift("card-donor@example.org", "usd")])
      .execute();
    const toInform = async (kinds: string[]) => {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/breaches",
        headers: admin,
        payload: {
          description: "An export of gifts was sent to the wrong address",
          foundAt: "2026-11-29T11:00",
          affected: "Donors",
          kinds,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      return (await get(`/api/admin/breaches/${created.json<{ id: string }>().id}/people`)).json<{ emails: string[] }>()
        .emails;
    };
    const birr = await toInform(["birrGifts"]);
    expect(birr).toContain("birr-donor@example.org");
    expect(birr).not.toContain("card-donor@example.org");
    const card = await toInform(["cardGifts"]);
    expect(card).toContain("card-donor@example.org");
    expect(card).not.toContain("birr-donor@example.org");
    const records = (await get("/api/admin/records-of-processing")).json<{
      records: { label: string; storedIn: string[] }[];
    }>().records;
    expect(records.find((record) => record.label === "Card and birr checkouts never completed")?.storedIn).toEqual([
      "The site's database (SQLite or PostgreSQL)",
      "Stripe (card payments)",
      "Chapa (payments in birr)",
    ]);
  });
});
