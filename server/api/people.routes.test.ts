import { strFromU8, unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenOf } from "../../core/access/admin-screens.ts";
import { createPeopleService } from "../../core/people/people.service.ts";
import type { PersonSource } from "../../core/people/person-source.ts";
import { PEOPLE_SOURCES } from "../../core/people/sources/index.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const EMAIL = "selam.haile@example.org";
const NAME = "Selam Haile";
const PHONE = "+251 911 000 111";

interface Person {
  id: string;
  name: string;
  email: string;
  phone: string;
  kinds: string[];
}

describe.each(DIALECTS)("People on %s", (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  let inbox: { authorization: string };
  const get = (url: string, headers = admin) => t.app.inject({ url, headers });
  const post = (url: string, payload: object = {}, headers = admin) =>
    t.app.inject({ method: "POST", url, headers, payload });
  const publicPost = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: visitorIp() });

  /** Everything a supporter can leave with the charity, each source at least once, the address in two casings. */
  async function arrangePerson(email: string, name: string, phone: string) {
    const { id } = await t.services.donations.createCheckout({ amount: 40, frequency: "one-time" });
    await t.services.donations.completeSandboxCheckout(id, { email: email.toUpperCase(), name });
    expect(
      (
        await post("/api/offline-gifts", {
          receivedOn: "2025-06-20",
          method: "bank-transfer",
          amount: "3110",
          currency: "etb",
          etbPerUsd: "155.5",
          fund: null,
          donorName: name,
          donorEmail: email,
          reference: "FT-SELAM-1",
          note: `Paid by ${name}`,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await publicPost("/api/pledges", {
          name,
          email,
          amount: "50",
          currency: "usd",
          transferredOn: "2026-11-21",
          bankReference: "FT-SELAM-2",
        })
      ).statusCode,
    ).toBe(201);
    expect((await publicPost("/api/subscribe", { email })).statusCode).toBe(201);
    expect(
      (
        await publicPost("/api/volunteer", {
          fullName: name,
          email,
          phone,
          age: 29,
          interest: "Event Support",
          motivation: "I want to help mothers stay close to their children.",
          availability: "Weekends",
        })
      ).statusCode,
    ).toBe(201);
    expect((await publicPost("/api/messages", { name, email, message: "Please call me back." })).statusCode).toBe(201);
    await t.database.db
      .insertInto("donor_sessions")
      .values({
        id: crypto.randomUUID(),
        email,
        token_hash: `hash-of-${email}`,
        created_at: "2026-11-22T10:00:00.000Z",
        expires_at: "2026-11-22T10:30:00.000Z",
      })
      .execute();
    await t.services.jobs.runDue();
  }

  const find = async (q: string) =>
    (await get(`/api/people?q=${encodeURIComponent(q)}`)).json<{ people: Person[]; total: number }>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.adminHeaders();
    inbox = await t.staffHeaders("inbox");
    await arrangePerson(EMAIL, NAME, PHONE);
    await arrangePerson("dawit@example.org", "Dawit Alemu", "+251 922 333 444");
  });
  afterAll(() => t.close());

  it("builds one person from every source, found by name, address or phone; Editors are refused", async () => {
    for (const q of ["selam", "SELAM.HAILE@example", "911 000"]) {
      const found = await find(q);
      expect(found.total).toBe(1);
      expect(found.people[0]).toMatchObject({
        name: NAME,
        email: EMAIL,
        phone: PHONE,
        kinds: ["donation", "message", "offline-gift", "pledge", "receipt", "subscriber", "volunteer-application"],
      });
      expect(found.people[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await find("")).total).toBe(2);
    const page = await get("/api/admin/lists/people?q=dawit", inbox);
    expect(page.json()).toMatchObject({ total: 1, page: 1, pageSize: 25, items: [{ email: "dawit@example.org" }] });
    expect((await get("/api/people?q=selam", await t.staffHeaders("editor"))).statusCode).toBe(403);
    expect((await get("/api/people?q=selam", inbox)).statusCode).toBe(200);
  });

  it("shows a person's timeline with links and their giving per year and currency", async () => {
    const [person] = (await find("selam")).people;
    const response = await get(`/api/people/${person?.id}`, inbox);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ name: NAME, email: EMAIL, phone: PHONE });
    expect([...new Set(detail.timeline.map((r: { kind: string }) => r.kind))].sort()).toEqual([
      "card-payment",
      "donation",
      "email-series",
      "message",
      "my-giving",
      "offline-gift",
      "pledge",
      "receipt",
      "subscriber",
      "volunteer-application",
    ]);
    // Every record links to a screen of its own (a mistyped path would fall to the dashboard's "not found").
    for (const record of detail.timeline as Array<{ kind: string; link: string }>) {
      expect(screenOf(record.link)?.path, `${record.kind}: ${record.link}`).not.toBe("/admin");
    }
    expect(detail.timeline.find((r: { kind: string }) => r.kind === "offline-gift")?.link).toBe(
      "/admin/donations/offline",
    );
    expect(detail.timeline.find((r: { kind: string }) => r.kind === "volunteer-application")).toMatchObject({
      link: "/admin/volunteers",
      fields: { fullName: NAME, phone: PHONE, age: 29 },
    });
    const thisYear = new Date().getUTCFullYear();
    expect(detail.totals).toEqual(
      expect.arrayContaining([
        { year: 2025, currency: "etb", minor: 311000 },
        { year: thisYear, currency: "usd", minor: 4000 },
      ]),
    );
    expect((await get("/api/people/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get(`/api/people/${encodeURIComponent(EMAIL)}`)).statusCode).toBe(404);
  });

  it("exports everything held in a ZIP made by a job, checked field by field; the download is audited", async () => {
    const [person] = (await find("selam")).people;
    const started = await post(`/api/people/${person?.id}/export`, {}, inbox);
    expect(started.statusCode).toBe(202);
    const { exportId } = started.json();
    expect((await get(`/api/people/zips/${exportId}`, inbox)).json()).toEqual({ exportId, status: "queued" });
    await t.services.jobs.runDue();
    expect((await get(`/api/people/zips/${exportId}`, inbox)).json()).toEqual({ exportId, status: "done" });
    const download = await get(`/api/people/zips/${exportId}/export.zip`, inbox);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files).sort();
    expect(names.filter((name) => !name.startsWith("receipts/"))).toEqual([
      "card-gifts.csv",
      "email-series.csv",
      "messages.csv",
      "my-giving.csv",
      "offline-gifts.csv",
      "person.json",
      "pledges.csv",
      "receipts.csv",
      "subscriptions.csv",
      "volunteer-applications.csv",
    ]);
    expect(names.filter((name) => name.startsWith("receipts/"))).toHaveLength(2);
    expect(strFromU8(files[names.find((n) => n.startsWith("receipts/")) as string] as Uint8Array).slice(0, 5)).toBe(
      "%PDF-",
    );
    const json = JSON.parse(strFromU8(files["person.json"] as Uint8Array));
    expect(json.email).toBe(EMAIL);
    const stored = await t.database.db
      .selectFrom("volunteer_applications")
      .selectAll()
      .where("email", "=", EMAIL)
      .executeTakeFirstOrThrow();
    expect(json.records["volunteer-applications"]).toEqual([
      {
        kind: "volunteer-application",
        id: stored.id,
        fullName: "Selam Haile",
        email: "selam.haile@example.org",
        phone: "+251 911 000 111",
        age: 29,
        interest: "Event Support",
        skillSet: null,
        otherInterestDetail: null,
        motivation: "I want to help mothers stay close to their children.",
        availability: "Weekends",
        linkedin: null,
        twitter: null,
        additionalComments: null,
        status: stored.status,
        // Set when staff change the status (data retention counts from it); never changed here.
        statusChangedAt: null,
        createdAt: stored.created_at,
        // Where the application came from (docs/decisions/0800-attribution.md): nothing was tagged.
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        utmContent: null,
        referrerHost: null,
        landingPath: null,
      },
    ]);
    expect(json.records["offline-gifts"][0]).toMatchObject({
      donorName: "Selam Haile",
      donorEmail: "selam.haile@example.org",
      amountMinor: 311000,
      currency: "etb",
      receivedOn: "2025-06-20",
      reference: "FT-SELAM-1",
      note: "Paid by Selam Haile",
    });
    expect(json.records["card-gifts"].find((r: { kind: string }) => r.kind === "donation")).toMatchObject({
      donorEmail: "SELAM.HAILE@EXAMPLE.ORG",
      donorName: "Selam Haile",
      amountCents: 4000,
      currency: "usd",
      status: "paid",
    });
    expect(json.records.messages[0]).toMatchObject({
      name: NAME,
      email: EMAIL,
      message: "Please call me back.",
      isRead: false,
    });
    expect([...(files["messages.csv"] as Uint8Array).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(files["messages.csv"] as Uint8Array);
    expect(csv.split("\r\n")[0]).toBe("kind,id,name,email,message,isRead,createdAt");
    expect(csv).toContain("message,");
    expect(csv).toContain(",Selam Haile,selam.haile@example.org,Please call me back.,false,");
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity", "entity_id", "changes"])
      .where("action", "=", "export")
      .where("entity", "=", "person")
      .orderBy("at")
      .execute();
    expect(audit).toEqual([
      {
        action: "export",
        entity: "person",
        entity_id: person?.id,
        changes: '{"fields":[],"values":{"step":"requested"}}',
      },
      {
        action: "export",
        entity: "person",
        entity_id: person?.id,
        changes: '{"fields":[],"values":{"step":"downloaded"}}',
      },
    ]);
  });

  it("corrects a name and an address on every record in one audited action", async () => {
    const [person] = (await find("dawit")).people;
    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/people/${person?.id}`,
      headers: inbox,
      payload: { name: "Dawit Alemu Bekele", email: "dawit.bekele@example.org" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: person?.id,
      name: "Dawit Alemu Bekele",
      email: "dawit.bekele@example.org",
    });
    expect((await find("dawit@example.org")).total).toBe(0);
    const found = await find("dawit.bekele");
    expect(found.people).toHaveLength(1);
    expect(found.people[0]?.id).toBe(person?.id);
    const names = await t.database.db
      .selectFrom("volunteer_applications")
      .select(["full_name", "email"])
      .where("phone", "=", "+251 922 333 444")
      .execute();
    expect(names).toEqual([{ full_name: "Dawit Alemu Bekele", email: "dawit.bekele@example.org" }]);
    const receipts = await t.database.db
      .selectFrom("receipts")
      .select(["donor_name", "donor_email"])
      .where("donor_email", "like", "%dawit%")
      .execute();
    expect(receipts).toEqual([
      { donor_name: "Dawit Alemu Bekele", donor_email: "dawit.bekele@example.org" },
      { donor_name: "Dawit Alemu Bekele", donor_email: "dawit.bekele@example.org" },
    ]);
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["changes"])
      .where("action", "=", "update")
      .where("entity", "=", "person")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.changes as string)).toMatchObject({ fields: ["email", "name"] });
    expect(audit[0]?.changes).not.toContain("dawit");
  });

  /** Every row of every table as text, to look for what must be gone. */
  async function everyTable(): Promise<Record<string, string>> {
    const names =
      dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.database.db)).rows
        : (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
              t.database.db,
            )
          ).rows;
    const dump: Record<string, string> = {};
    for (const { name } of names) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(t.database.db);
      dump[name] = JSON.stringify(rows.rows).toLowerCase();
    }
    return dump;
  }

  it("refuses half an erasure: a failure mid-way changes nothing, and the job finishes it exactly once", async () => {
    const [person] = (await find("selam")).people;
    const failing: PersonSource = {
      kind: "failing",
      file: "failing",
      records: async () => [],
      rectify: async () => 0,
      erase: async () => {
        throw new Error("the process died here");
      },
    };
    const crashing = createPeopleService({
      db: t.database.db,
      dialect,
      clock: () => new Date(),
      audit: t.services.audit,
      jobs: t.services.jobs,
      sources: [...PEOPLE_SOURCES.slice(0, 5), failing, ...PEOPLE_SOURCES.slice(5)],
      receiptPdf: t.services.receipts.pdf,
      purgePublicCaches: async () => undefined,
      email: t.services.email,
      links: t.services.links,
      siteUrl: t.config.publicSiteUrl,
    });
    const actor = { id: null, email: "staff@hopebehindbars.test", ip: "" };
    await expect(crashing.erase(person?.id as string, actor)).rejects.toThrow("the process died here");
    const dump = await everyTable();
    for (const table of ["donations", "receipts", "subscribers", "volunteer_applications", "contact_messages"])
      expect(dump[table], table).toContain(EMAIL);
    expect((await find("selam")).total).toBe(1);

    // The erasure was stored with its job before it ran: the worker finishes it (a restart does the same).
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect((await find("selam")).total).toBe(0);
    const erasures = await t.database.db.selectFrom("erasures").select(["status", "email_key"]).execute();
    expect(erasures).toEqual([{ status: "done", email_key: null }]);
    const audited = await t.database.db
      .selectFrom("audit_log")
      .select(["entity_id", "changes"])
      .where("action", "=", "delete")
      .where("entity", "=", "person")
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.changes).toBe('{"fields":[],"values":{}}');
  });

  it("erases a person: nothing of them is left but the pseudonymised gifts, which keep their amounts and numbers", async () => {
    await arrangePerson("meron@example.org", "Meron Tesfaye", "+251 933 555 666");
    const receiptsBefore = await t.database.db
      .selectFrom("receipts")
      .select(["number", "amount_minor", "currency", "gift_date", "fund_id"])
      .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", "meron@example.org"))
      .orderBy("number")
      .execute();
    expect(receiptsBefore).toHaveLength(2);
    // A gift in birr through Chapa: Chapa keeps its own record of it, for staff to delete there.
    await t.database.db
      .insertInto("donations")
      .values({
        id: crypto.randomUUID(),
        provider: "chapa",
        checkout_session_id: "hbb-tx-meron-1",
        frequency: "one-time",
        amount_cents: 100000,
        currency: "etb",
        status: "paid",
        donor_email: "meron@example.org",
        donor_name: "Meron Tesfaye",
        customer_id: null,
        subscription_id: null,
        fund_id: null,
        created_at: "2026-11-20T09:00:00.000Z",
        updated_at: "2026-11-20T09:05:00.000Z",
        paid_at: "2026-11-20T09:05:00.000Z",
        ended_at: null,
        method: "telebirr",
        amount_changed_at: null,
      })
      .execute();
    const [person] = (await find("meron")).people;
    const { timeline } = (await get(`/api/people/${person?.id}`)).json<{ timeline: Array<{ title: string }> }>();
    expect(timeline.map((record) => record.title)).toContain("Gift in birr (one-time), paid");
    expect((await post(`/api/people/${person?.id}/export`, {}, inbox)).statusCode).toBe(202);
    const erased = await post(`/api/people/${person?.id}/erase`, {}, inbox);
    expect(erased.statusCode, erased.body).toBe(200);
    const summary = erased.json();
    expect(summary.pseudonym).toMatch(/^Erased supporter [2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(summary.erased).toEqual({
      // The welcome e-mails her first gift started (core/email-series).
      "email-series": 1,
      "my-giving": 1,
      message: 1,
      pledge: 1,
      subscriber: 1,
      "volunteer-application": 1,
    });
    expect(summary.keptByLaw).toEqual({ donation: 2, "offline-gift": 1, receipt: 2 });
    expect(summary.suppressed).toBe(true);
    expect(summary.atProviders).toEqual([{ provider: "Chapa", what: "transaction", reference: "hbb-tx-meron-1" }]);

    const dump = await everyTable();
    for (const [table, text] of Object.entries(dump)) {
      for (const needle of ["meron@example.org", "meron tesfaye", "933 555 666"])
        expect(text, `${table}: ${needle}`).not.toContain(needle);
    }
    const kept = await t.database.db
      .selectFrom("receipts")
      .select(["number", "amount_minor", "currency", "gift_date", "fund_id", "donor_name"])
      .where("donor_name", "=", summary.pseudonym)
      .orderBy("number")
      .execute();
    expect(kept.map(({ donor_name, ...rest }) => rest)).toEqual(receiptsBefore);
    const gifts = await t.database.db
      .selectFrom("offline_gifts")
      .select(["amount_minor", "reference", "note"])
      .where("donor_name", "=", summary.pseudonym)
      .execute();
    expect(gifts).toEqual([{ amount_minor: 311000, reference: null, note: null }]);

    // The address cannot come back through the form (answered like any sign-up) nor an import.
    expect((await publicPost("/api/subscribe", { email: "MERON@example.org" })).statusCode).toBe(201);
    expect(
      await t.database.db.selectFrom("subscribers").select("id").where("email", "=", "meron@example.org").execute(),
    ).toEqual([]);
    expect((await get(`/api/people/${person?.id}`)).statusCode).toBe(404);
  });

  it("lets an Administrator lift an erased address's suppression when it asks to subscribe again, audited without it", async () => {
    const lift = (headers = admin) => post("/api/people/suppressions/lift", { email: " Meron@Example.org " }, headers);
    expect((await lift(inbox)).statusCode).toBe(403);
    expect((await lift()).statusCode).toBe(204);
    const entry = await t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "suppression")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "delete", entity_id: null });
    expect(JSON.stringify(entry)).not.toMatch(/meron/i);
    expect((await lift()).json()).toMatchObject({ message: "That address is not kept off the newsletter list." });
    expect((await post("/api/people/suppressions/lift", { email: "not an address" })).statusCode).toBe(400);
    expect((await publicPost("/api/subscribe", { email: "meron@example.org" })).statusCode).toBe(201);
    expect(
      await t.database.db.selectFrom("subscribers").select("email").where("email", "=", "meron@example.org").execute(),
    ).toEqual([{ email: "meron@example.org" }]);
  });
});
