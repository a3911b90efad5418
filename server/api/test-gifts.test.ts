import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const NOW = new Date("2026-11-24T10:00:00Z");

/**
 * Test gifts count nowhere: not on the public fund cards, not in the ledger's tiles, the dashboard's
 * figure, the giving report, retention or receipts; they stay in the ledger, labelled, and an
 * Administrator may delete them (docs/decisions/0760-test-gifts-count-nowhere.md).
 */
describe.each(DIALECTS)("test gifts on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let admin: { authorization: string };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => NOW,
      config: {
        sandboxGiftsAreTest: true,
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" },
      },
    });
    admin = await t.adminHeaders();
    for (const [revision, step] of [
      [0, "PUT"],
      [1, "POST"],
    ] as const) {
      const response = await t.app.inject({
        method: step,
        url: step === "PUT" ? "/api/site-content/donating" : "/api/site-content/donating/publish",
        headers: admin,
        payload:
          step === "PUT"
            ? { revision, content: { ...DEFAULT_SITE_CONTENT.donating, etbPerUsd: "155.5" } }
            : { revision },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const get = async (url: string) => {
    const response = await t.app.inject({ url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const eccdRaised = async () =>
    (await get("/api/funds")).find((fund: { id: string }) => fund.id === "eccd-package").raised as number;
  const giveInSandbox = async (payload: Record<string, unknown>, email: string) => {
    const { id } = await t.services.donations.createCheckout(payload);
    await t.services.donations.completeSandboxCheckout(id, { email, name: "Trying Out" });
    const row = await t.database.db
      .selectFrom("donations")
      .select(["id", "test", "status"])
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    return row;
  };

  it("marks the sandbox's gifts as test gifts where the site says so, and counts them nowhere", async () => {
    const before = {
      raised: await eccdRaised(),
      summary: await get("/api/admin/donations/summary"),
      report: await get("/api/donations/report"),
      retention: await get("/api/donations/retention"),
    };
    const card = await giveInSandbox({ amount: 25, frequency: "one-time", fund: "eccd-package" }, "card@example.org");
    const monthly = await giveInSandbox({ amount: 10, frequency: "monthly" }, "monthly@example.org");
    const birr = await giveInSandbox({ currency: "ETB", amount: 1555, fund: "eccd-package" }, "birr@example.org");
    expect([card.test, monthly.test, birr.test].map(Number)).toEqual([1, 1, 1]);

    expect(await eccdRaised()).toBe(before.raised);
    expect(await get("/api/admin/donations/summary")).toEqual(before.summary);
    expect(await get("/api/donations/report")).toEqual(before.report);
    expect(await get("/api/donations/retention")).toEqual(before.retention);
    // No receipt is numbered for money that never came, so no year-end statement names these donors.
    expect(await t.database.db.selectFrom("receipts").select("id").execute()).toEqual([]);
    expect(JSON.stringify(await get("/api/statements/2026"))).not.toContain("card@example.org");
  });

  it("lists them in the ledger labelled, with a filter for test or real gifts", async () => {
    const real = await t.database.db
      .insertInto("offline_gifts")
      .values({
        id: "00000000-0000-4000-8000-000000000761",
        received_on: "2026-11-20",
        method: "cash",
        amount_minor: 5000,
        currency: "usd",
        etb_per_usd: null,
        usd_cents: 5000,
        fund_id: null,
        donor_name: "Real Donor",
        donor_email: null,
        reference: null,
        note: null,
        pledge_id: null,
        created_at: NOW.toISOString(),
        created_by: "staff",
        updated_at: NOW.toISOString(),
        updated_by: "staff",
        deleted_at: null,
        deleted_by: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const all = await get("/api/admin/lists/donations");
    expect(all.total).toBe(4);
    const tests = await get("/api/admin/lists/donations?gifts=test");
    expect(tests.total).toBe(3);
    expect(tests.items.map((item: { donation: { test: boolean } }) => item.donation.test)).toEqual([true, true, true]);
    const reals = await get("/api/admin/lists/donations?gifts=real");
    expect(reals.items.map((item: { method: string; gift?: { _id: string } }) => item.gift?._id)).toEqual([real.id]);
  });

  it("lets an Administrator delete a test gift, audited, and never a gift that counts", async () => {
    const tests = await get("/api/admin/lists/donations?gifts=test");
    const id = tests.items[0].donation._id as string;
    const editor = await t.staffHeaders("editor");
    expect((await t.app.inject({ method: "DELETE", url: `/api/donations/${id}`, headers: editor })).statusCode).toBe(
      403,
    );
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/donations/${id}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get("/api/admin/lists/donations?gifts=test")).total).toBe(2);
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity", "changes"])
      .where("entity_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("delete");
    expect(audit.entity).toBe("donation");
    expect(JSON.parse(audit.changes).values).toMatchObject({ test: true });

    // A real gift (the site no longer says sandbox gifts are test gifts) stays.
    await t.database.db
      .updateTable("donations")
      .set({ test: 0 })
      .where("id", "=", tests.items[1].donation._id)
      .execute();
    const refused = await t.app.inject({
      method: "DELETE",
      url: `/api/donations/${tests.items[1].donation._id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Only a test gift can be deleted; real gifts stay in the ledger.");
    expect((await t.app.inject({ method: "DELETE", url: `/api/donations/${id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });
});

describe.each(DIALECTS)("the month's figure by the way the money came on %s", (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    // A development machine: the sandbox's gifts count, as a charity trying the site expects.
    t = await createTestApp(dialect, { clock: () => NOW });
    admin = await t.adminHeaders();
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/donating",
      headers: admin,
      payload: { revision: 0, content: { ...DEFAULT_SITE_CONTENT.donating, etbPerUsd: "155.5" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.inject({
      method: "POST",
      url: "/api/site-content/donating/publish",
      headers: admin,
      payload: { revision: 1 },
    });
  });
  afterAll(() => t.close());

  it("says what the month's total adds up: cards, birr online and offline gifts apart", async () => {
    for (const [payload, email] of [
      [{ amount: 100, frequency: "one-time" }, "one@example.org"],
      [{ amount: 40, frequency: "one-time" }, "two@example.org"],
      [{ currency: "ETB", amount: 1555 }, "birr@example.org"],
    ] as const) {
      const { id } = await t.services.donations.createCheckout(payload);
      await t.services.donations.completeSandboxCheckout(id, { email });
    }
    const offline = await t.app.inject({
      method: "POST",
      url: "/api/offline-gifts",
      headers: admin,
      payload: {
        receivedOn: "2026-11-20",
        method: "bank-transfer",
        amount: "14999.53",
        currency: "etb",
        etbPerUsd: "155.5",
        fund: null,
        donorName: "Abeba",
        donorEmail: null,
        reference: "FT1",
        note: null,
      },
    });
    expect(offline.statusCode, offline.body).toBe(201);
    const summary = (await t.app.inject({ url: "/api/admin/donations/summary", headers: admin })).json();
    expect(summary.thisMonthBy).toEqual({
      card: { cents: 14000, gifts: 2 },
      birr: { cents: 1000, gifts: 1 },
      offline: { cents: 9646, gifts: 1 },
    });
    expect(summary.thisMonthCents).toBe(14000 + 1000 + 9646);
  });
});
