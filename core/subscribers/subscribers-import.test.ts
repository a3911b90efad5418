import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { countEventLoopTurns } from "../../tests/support/event-loop-turns.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/** Imports run as a job in batches (docs/decisions/0614-import-jobs.md). */
describe.each(DIALECTS)("Subscriber import job on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => new Date("2026-11-21T09:00:00.000Z") });
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  const start = async (csv: string, source = "Sheet") => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/subscribe/import",
      headers,
      payload: { csv, source },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<{ id: string }>().id;
  };
  const status = async (id: string) => {
    const response = await t.app.inject({ url: `/api/subscribe/import/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const count = async (email: string) =>
    (await t.database.db.selectFrom("subscribers").select("id").where("email", "=", email).execute()).length;

  it("sums up a file with a byte order mark, another header wording, CRLF and bad rows", async () => {
    await t.database.db
      .insertInto("subscribers")
      .values({
        id: "known",
        email: "known@example.org",
        created_at: "2025-01-01T00:00:00.000Z",
        status: "unsubscribed",
        confirmed_at: null,
        unsubscribed_at: "2025-02-01T00:00:00.000Z",
        source: "Website form",
      })
      .execute();
    const csv = `\uFEFF${[
      "Name,E-mail Address,Opted in",
      "Abebe,abebe@example.org,Yes",
      "Known,KNOWN@example.org,yes",
      "Broken,not-an-address,yes",
      "",
      "Second,abebe@example.org,yes",
      '"Quoted, name",quoted@example.org,no',
      "Empty,,yes",
    ].join("\r\n")}\r\n`;
    const id = await start(csv);
    expect(await status(id)).toMatchObject({ status: "queued", rowsRead: 0, percent: 0 });
    await t.services.jobs.runDue();
    expect(await status(id)).toEqual({
      id,
      status: "done",
      rowsRead: 6,
      percent: 100,
      added: 2,
      confirmed: 1,
      pending: 1,
      alreadyKnown: 1,
      invalid: {
        count: 2,
        shown: [
          { line: 4, value: "not-an-address", message: "Invalid email address" },
          { line: 7, value: "", message: expect.any(String) },
        ],
      },
    });
    expect(await count("abebe@example.org")).toBe(1);
    const file = await t.database.db
      .selectFrom("subscriber_import_files")
      .select("csv")
      .where("import_id", "=", id)
      .execute();
    expect(file).toEqual([]);
  });

  it("refuses at once a file without an email column, and answers 404 for an unknown import", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/subscribe/import",
      headers,
      payload: { csv: "Name\nSelam\n", source: "x" },
    });
    expect(response.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/subscribe/import/nope", headers })).statusCode).toBe(404);
  });

  it("goes on after a restart mid-way without adding anyone twice, giving the event loop turns", async () => {
    const lines = ["email,consent"];
    for (let i = 1; i <= 2500; i++) lines.push(`person${i}@example.org,yes`);
    lines.push("person7@example.org,yes", "bad,yes");
    const id = await start(lines.join("\n"), "Big sheet");
    let progressCalls = 0;
    const stopped = t.services.subscribers.importJob.handle(
      { id },
      {
        id,
        attempt: 1,
        recorded: null,
        signal: new AbortController().signal,
        async progress() {
          if (++progressCalls === 2) throw new Error("the process stopped");
        },
      },
    );
    await expect(stopped).rejects.toThrow("the process stopped");
    // The job records its progress every 1,000 records: the second record is where it stopped.
    expect(await status(id)).toMatchObject({ rowsRead: 2000, added: 2000, alreadyKnown: 0 });

    const turns = countEventLoopTurns();
    await t.services.jobs.runDue();
    expect(turns.stop()).toBeGreaterThanOrEqual(2);
    expect(await status(id)).toEqual({
      id,
      status: "done",
      rowsRead: 2502,
      percent: 100,
      added: 2500,
      confirmed: 2500,
      pending: 0,
      alreadyKnown: 0,
      invalid: { count: 1, shown: [{ line: 2503, value: "bad", message: "Invalid email address" }] },
    });
    const added = await t.database.db
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("source", "=", "Import: Big sheet")
      .executeTakeFirstOrThrow();
    expect(Number(added.n)).toBe(2500);
  });
});
