import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { countEventLoopTurns } from "../../tests/support/event-loop-turns.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const DONORS = 120;

/** "Send all year-end statements" runs in batches that give the event loop turns (decision 0615). */
describe.each(DIALECTS)("Year-end statements run on %s", (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: () => new Date("2027-01-05T09:00:00.000Z"),
      // Mail "configured" (nothing listens; the mail jobs are not run here), so statements are queued.
      config: { mail: { smtp: "smtp://127.0.0.1:9", from: "Giving <giving@hopebehindbars.test>" } },
    });
    await t.database.db
      .insertInto("offline_gifts")
      .values(
        Array.from({ length: DONORS }, (_, i) => ({
          id: `gift-${i}`,
          received_on: "2026-06-01",
          method: "cash",
          amount_minor: 2500,
          currency: "usd",
          etb_per_usd: null,
          usd_cents: 2500,
          fund_id: null,
          donor_name: null,
          donor_email: `donor${String(i).padStart(3, "0")}@example.org`,
          reference: null,
          note: null,
          pledge_id: null,
          created_at: "2026-06-01T10:00:00.000Z",
          created_by: "staff",
          updated_at: "2026-06-01T10:00:00.000Z",
          updated_by: "staff",
          deleted_at: null,
          deleted_by: null,
        })),
      )
      .execute();
    await t.database.db
      .insertInto("receipts")
      .values(
        Array.from({ length: DONORS }, (_, i) => ({
          id: `receipt-${i}`,
          number: `2026-${String(i + 1).padStart(4, "0")}`,
          year: 2026,
          payment_id: null,
          offline_gift_id: `gift-${i}`,
          donor_email: `donor${String(i).padStart(3, "0")}@example.org`,
          donor_name: null,
          gift_date: "2026-06-01",
          amount_minor: 2500,
          currency: "usd",
          fund_id: null,
          frequency: "offline",
          issued_at: "2026-06-01T10:00:00.000Z",
          sent_count: 1,
          voided_at: null,
        })),
      )
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  const queuedStatements = async () =>
    (await t.database.db.selectFrom("statement_sends").select("donor_email").execute()).length;

  it("reports progress per batch, lets other work run between donors, and a retried run sends nobody twice", async () => {
    const { statementsJob } = t.services.yearStatements;
    const reports: unknown[] = [];
    const stopped = statementsJob.handle(
      { year: 2026, batch: "run-1" },
      {
        id: "job",
        attempt: 1,
        recorded: null,
        signal: new AbortController().signal,
        async progress(value) {
          reports.push(value);
          if (reports.length === 1) throw new Error("the process stopped");
        },
      },
    );
    await expect(stopped).rejects.toThrow("the process stopped");
    expect(reports).toEqual([{ sent: 50, of: DONORS }]);
    expect(await queuedStatements()).toBe(50);

    reports.length = 0;
    const turns = countEventLoopTurns();
    await statementsJob.handle(
      { year: 2026, batch: "run-1" },
      {
        id: "job",
        attempt: 2,
        recorded: null,
        signal: new AbortController().signal,
        async progress(value) {
          reports.push(value);
        },
      },
    );
    const turnsTaken = turns.stop();
    expect(reports).toEqual([
      { sent: 50, of: DONORS },
      { sent: 100, of: DONORS },
      { sent: 120, of: DONORS },
      { sent: 120, of: DONORS },
    ]);
    expect(await queuedStatements()).toBe(DONORS);
    // One turn at least per donor whose statement was drawn and queued.
    expect(turnsTaken).toBeGreaterThanOrEqual(DONORS - 50);
    const mails = await t.database.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("type", "like", "email%")
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(DONORS);
  }, 120_000);
});
