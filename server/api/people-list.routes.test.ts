import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peopleFromSources } from "../../core/people/people-list.repository.ts";
import { PEOPLE_SOURCES } from "../../core/people/sources/index.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

interface Person {
  id: string;
  name: string;
  email: string;
  phone: string;
  kinds: string[];
  lastSeenAt: string;
}
interface PeoplePage {
  people: Person[];
  total: number;
  next?: string;
}

const EMAIL = "hanna.girma@example.org";

/** The People list's maintained rows (docs/decisions/0810-people-list-maintained.md) against the sources. */
describe.each(DIALECTS)("People list rows on %s", (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  let now = new Date("2026-11-28T12:00:00.000Z");
  const get = (url: string) => t.app.inject({ url, headers: admin });
  const send = (method: "POST" | "PUT" | "DELETE", url: string, payload: object = {}) =>
    t.app.inject({ method, url, headers: admin, payload });
  const publicPost = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: visitorIp() });
  const list = async (query = "") => (await get(`/api/people${query}`)).json<PeoplePage>();
  const marks = async () => t.database.db.selectFrom("people_changes").select("email_key").execute();

  /** The write left its address marked; after the list is read, every row says what the sources say. */
  async function expectAgreement(marked?: string) {
    if (marked) expect((await marks()).map((row) => row.email_key)).toContain(marked);
    await list();
    expect(await marks()).toEqual([]);
    const expected = await peopleFromSources(t.database.db, PEOPLE_SOURCES);
    const stored = await t.database.db
      .selectFrom("people")
      .select(["email_key", "name", "phone", "sort_name", "kinds", "records", "last_at", "search"])
      .where("records", ">", 0)
      .orderBy("email_key")
      .execute();
    expect(stored.map((row) => ({ ...row, records: Number(row.records) }))).toEqual(
      [...expected.values()].sort((a, b) => a.email_key.localeCompare(b.email_key)),
    );
  }

  const hanna = async () => (await list(`?q=${encodeURIComponent(EMAIL)}`)).people[0] as Person;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    admin = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("follows every kind of write, each marked in its own transaction", async () => {
    const { id } = await t.services.donations.createCheckout({ amount: 25, frequency: "one-time" });
    await t.services.donations.completeSandboxCheckout(id, { email: EMAIL.toUpperCase(), name: "Hanna G." });
    await expectAgreement(EMAIL);
    await t.services.jobs.runDue(); // the receipt
    await expectAgreement();
    expect(await hanna()).toMatchObject({ name: "Hanna G.", kinds: ["donation", "receipt"] });

    const offline = await send("POST", "/api/offline-gifts", {
      receivedOn: "2026-11-27",
      method: "cash",
      amount: "1000",
      currency: "etb",
      etbPerUsd: "155.5",
      fund: null,
      donorName: "Hanna Girma",
      donorEmail: EMAIL,
      reference: "",
      note: "",
    });
    expect(offline.statusCode).toBe(201);
    await t.services.jobs.runDue();
    await expectAgreement();
    const pledge = await publicPost("/api/pledges", {
      name: "Hanna Girma",
      email: EMAIL,
      amount: "20",
      currency: "usd",
      transferredOn: "2026-11-27",
      bankReference: "FT-HANNA",
    });
    expect(pledge.statusCode).toBe(201);
    await expectAgreement(EMAIL);
    expect((await publicPost("/api/subscribe", { email: EMAIL })).statusCode).toBe(201);
    await expectAgreement(EMAIL);
    now = new Date("2026-11-28T13:00:00.000Z");
    const volunteer = await publicPost("/api/volunteer", {
      fullName: "Hanna Girma Tesfaye",
      email: EMAIL,
      phone: "+251 933 444 555",
      age: 31,
      interest: "Event Support",
      motivation: "I want to help the children who visit their mothers.",
      availability: "Weekends",
    });
    expect(volunteer.statusCode).toBe(201);
    await expectAgreement(EMAIL);
    expect(await hanna()).toMatchObject({ name: "Hanna Girma Tesfaye", phone: "+251 933 444 555" });
    expect((await publicPost("/api/messages", { name: "Hanna", email: EMAIL, message: "Thank you." })).statusCode).toBe(
      201,
    );
    await expectAgreement(EMAIL);

    // Staff changes and deletions move the row too: the newest name given wins, an older one is still found.
    const applications = await t.database.db.selectFrom("volunteer_applications").select("id").execute();
    const ids = applications.map((row) => row.id);
    expect((await send("PUT", "/api/volunteer/status", { ids, status: "Accepted" })).statusCode).toBe(200);
    await expectAgreement();
    expect((await send("DELETE", "/api/volunteer", { ids })).statusCode).toBe(200);
    await expectAgreement(EMAIL);
    expect(await hanna()).toMatchObject({ name: "Hanna", phone: "" });
    expect((await list("?q=hanna%20g.")).people.map((person) => person.email)).toEqual([EMAIL]);

    // A write no service made (a bulk fix in SQL) is followed as well: the marks are the database's own.
    await t.database.db.updateTable("contact_messages").set({ name: "Hanna Girma" }).execute();
    await expectAgreement(EMAIL);
    expect(await hanna()).toMatchObject({ name: "Hanna Girma" });
  });

  it("keeps the id through a correction and leaves no mark or row naming an erased address", async () => {
    const before = await hanna();
    const moved = "hanna@example.net";
    expect((await send("PUT", `/api/people/${before.id}`, { email: moved })).statusCode).toBe(200);
    expect(await marks()).toEqual([]);
    await expectAgreement();
    const after = (await list(`?q=${moved}`)).people[0];
    expect(after).toMatchObject({ id: before.id, email: moved });
    expect((await list(`?q=${EMAIL}`)).total).toBe(0);

    expect((await send("POST", `/api/people/${before.id}/erase`)).statusCode).toBe(200);
    expect(await marks()).toEqual([]);
    await expectAgreement();
    const rows = await t.database.db.selectFrom("people").select(["email_key", "name", "search"]).execute();
    expect(JSON.stringify(rows)).not.toMatch(/hanna/i);
    const erased = await list("?q=erased.invalid");
    expect(erased.people).toHaveLength(1);
    expect(erased.people[0]?.id).not.toBe(before.id);
  });

  it("follows the retention run with a moved clock, in each batch's transaction", async () => {
    expect(
      (await publicPost("/api/messages", { name: "Yonas", email: "yonas@example.org", message: "Hi" })).statusCode,
    ).toBe(201);
    await expectAgreement("yonas@example.org");
    now = new Date("2028-01-10T12:00:00.000Z");
    admin = await t.adminHeaders(); // the session ended with the clock's move
    expect((await t.services.retention.run()).contactMessages).toBe(1);
    expect(await marks()).toEqual([]);
    await expectAgreement();
    expect((await list("?q=yonas")).total).toBe(0);
  });

  it("rebuilds every row from the sources with the ids kept; pages by keyset as by number", async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      now = new Date(`2028-01-10T1${n}:00:00.000Z`);
      const email = `reader${n}@example.org`;
      expect((await publicPost("/api/messages", { name: `Reader ${6 - n}`, email, message: "Hi" })).statusCode).toBe(
        201,
      );
    }
    const ids = (await list("?pageSize=100")).people.map((person) => [person.email, person.id]);
    await t.database.db.updateTable("people").set({ name: "stale", records: 9, search: "" }).execute();
    expect(await t.services.people.rebuild()).toBeGreaterThanOrEqual(ids.length);
    await expectAgreement();
    expect((await list("?pageSize=100")).people.map((person) => [person.email, person.id])).toEqual(ids);

    for (const sort of ["recent", "name"]) {
      const numbered = (await list(`?pageSize=100&sort=${sort}`)).people.map((person) => person.id);
      const walked: string[] = [];
      let page = await list(`?pageSize=2&sort=${sort}`);
      for (;;) {
        walked.push(...page.people.map((person) => person.id));
        if (!page.next) break;
        page = await list(`?pageSize=2&sort=${sort}&after=${page.next}`);
      }
      expect(walked).toEqual(numbered);
    }
    expect((await list("?q=reader&sort=name&pageSize=2")).people.map((person) => person.name)).toEqual([
      "Reader 1",
      "Reader 2",
    ]);
    expect((await get("/api/people?after=someone@example.org")).statusCode).toBe(400);
  });
});
