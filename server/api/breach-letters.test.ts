import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, readMail, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * The letter to the people a breach affects: a newsletter draft written in the newsletter editor,
 * sent from the breach register to every address the kinds involved hold, through the e-mail outbox,
 * audited (docs/decisions/0861-telling-people-of-a-breach.md).
 */
describe.each(DIALECTS)("a breach's letter to the people affected on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let admin: { authorization: string };
  let visitor = 0;

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      config: {
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Hope Behind Bars <privacy@hopebehindbars.test>" },
      },
    });
    admin = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it("drafts the letter in the newsletter editor, sends it to the listed people once, and records it", async () => {
    for (const message of [
      { name: "Hanna", email: "hanna@example.org", message: "When can I visit?" },
      { name: "Abel", email: "Abel@Example.org", message: "Do you need volunteers?" },
    ]) {
      const sent = await t.app.inject({
        method: "POST",
        url: "/api/messages",
        payload: message,
        remoteAddress: `10.61.${dialect.length}.${++visitor}`,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await t.database.db
      .insertInto("subscribers")
      .values({ id: crypto.randomUUID(), email: "reader@example.org", created_at: new Date().toISOString() })
      .execute();
    const recorded = await call("POST", "/api/admin/breaches", {
      description: "A volunteer's laptop with the contact messages was stolen",
      foundAt: "2026-11-28T09:00",
      affected: "People who wrote to us",
      kinds: ["contactMessages"],
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const breachId = recorded.json<{ id: string }>().id;

    // Nothing to send before the letter is written.
    expect((await call("POST", `/api/admin/breaches/${breachId}/inform`)).statusCode).toBe(400);

    const drafted = await call("POST", `/api/admin/breaches/${breachId}/letter`);
    expect(drafted.statusCode, drafted.body).toBe(200);
    const { newsletterId } = drafted.json<{ newsletterId: string }>();
    // Asked again, the same draft.
    expect((await call("POST", `/api/admin/breaches/${breachId}/letter`)).json()).toEqual({ newsletterId });
    const breach = (await call("GET", "/api/admin/breaches")).json<{
      breaches: Array<{ id: string; newsletterId: string | null }>;
    }>().breaches;
    expect(breach.find((row) => row.id === breachId)?.newsletterId).toBe(newsletterId);

    // Written in the newsletter editor, as any draft; never in the archive, never sent to the list.
    const draft = (await call("GET", `/api/newsletters/${newsletterId}`)).json<{ state: string; inArchive: boolean }>();
    expect(draft).toMatchObject({ state: "draft", inArchive: false });
    const edited = await call("PUT", `/api/newsletters/${newsletterId}`, {
      subject: "About your message to Hope Behind Bars",
      content: "<p>A laptop holding the messages people sent us was stolen on 27 November.</p>",
      inArchive: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const toList = await call("POST", `/api/newsletters/${newsletterId}/send`, {});
    expect(toList.statusCode).toBe(409);
    expect(toList.body).toContain(
      "This e-mail is for the people a breach affects: send it from the breach register at Admin → Privacy.",
    );

    const informed = await call("POST", `/api/admin/breaches/${breachId}/inform`);
    expect(informed.statusCode, informed.body).toBe(200);
    expect(informed.json<{ peopleInformedAt: string | null }>().peopleInformedAt).not.toBeNull();
    expect((await call("POST", `/api/admin/breaches/${breachId}/inform`)).statusCode).toBe(409);

    await t.services.jobs.runDue();
    const received = inbox.messages.map((raw) => ({ raw, mail: readMail(raw) }));
    const to = (address: string) => received.filter(({ raw }) => raw.includes(`To: ${address}`));
    expect(to("hanna@example.org")).toHaveLength(1);
    expect(to("abel@example.org")).toHaveLength(1);
    expect(to("reader@example.org")).toHaveLength(0);
    const letter = to("hanna@example.org")[0];
    expect(letter?.mail.subject).toBe("About your message to Hope Behind Bars");
    expect(letter?.mail.text).toContain("A laptop holding the messages people sent us was stolen on 27 November.");
    expect(letter?.mail.text).toContain("It is not a newsletter: you have not been added to any list.");
    expect(letter?.mail.text).not.toContain("Unsubscribe");
    expect(letter?.raw).not.toContain("List-Unsubscribe");

    const entries = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("entity", "=", "breach")
      .where("entity_id", "=", breachId)
      .where("action", "=", "update")
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.changes ?? "{}").values).toEqual({
      peopleInformed: true,
      emailed: 2,
      emailedInAmharic: 0,
    });
    expect(entries[0]?.changes).not.toContain("hanna");
  });

  /** A breach of the subscribers' addresses, with its letter drafted; the breach's and the letter's ids. */
  async function breachWithLetter(description: string) {
    const recorded = await call("POST", "/api/admin/breaches", {
      description,
      foundAt: "2026-11-28T10:00",
      affected: "Subscribers",
      kinds: ["subscribers", "unconfirmedSubscribers"],
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const breachId = recorded.json<{ id: string }>().id;
    const drafted = await call("POST", `/api/admin/breaches/${breachId}/letter`);
    expect(drafted.statusCode, drafted.body).toBe(200);
    return { breachId, newsletterId: drafted.json<{ newsletterId: string }>().newsletterId };
  }

  it("hides the letter from Editors in every newsletter call the screens use, and marks it for Administrators", async () => {
    const editor = await t.staffHeaders("editor");
    const { newsletterId } = await breachWithLetter("A shared spreadsheet of subscribers was left open");
    const ordinary = await call(
      "POST",
      "/api/newsletters",
      { subject: "News from the workshops", content: "<p>Hello</p>", inArchive: true },
      editor,
    );
    expect(ordinary.statusCode, ordinary.body).toBe(201);
    const ordinaryId = ordinary.json<{ _id: string }>()._id;

    // The Editor's list leaves it out; the ordinary newsletter answers as it always has.
    const listed = (await call("GET", "/api/newsletters", undefined, editor)).json<Array<Record<string, unknown>>>();
    expect(listed.map((n) => n._id)).not.toContain(newsletterId);
    const mine = listed.find((n) => n._id === ordinaryId);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty("breachLetter");

    // Every call by id answers as for a newsletter that does not exist.
    const byId: Array<[method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object]> = [
      ["GET", ""],
      ["PUT", "", { subject: "Changed by an Editor", content: "<p>x</p>", inArchive: false }],
      ["GET", "/preview"],
      ["GET", "/preview?lang=am"],
      ["POST", "/test"],
      ["GET", "/audience"],
      ["POST", "/send", {}],
      ["POST", "/cancel"],
      ["PUT", "/archive", { inArchive: true }],
      ["DELETE", ""],
    ];
    for (const [method, path, payload] of byId) {
      const answer = await call(method, `/api/newsletters/${newsletterId}${path}`, payload, editor);
      expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBe(404);
      expect(answer.body).not.toContain("About your information");
    }
    // Nothing changed, nothing went out, and the letter is still there for the Administrator.
    const letter = await call("GET", `/api/newsletters/${newsletterId}`);
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.json()).toMatchObject({
      subject: "About your information at Hope Behind Bars",
      state: "draft",
      inArchive: false,
      breachLetter: true,
    });

    // The Administrator's list shows it, marked; the Editor's newsletter is not.
    const all = (await call("GET", "/api/newsletters")).json<Array<Record<string, unknown>>>();
    expect(all.find((n) => n._id === newsletterId)).toMatchObject({ breachLetter: true });
    expect(all.find((n) => n._id === ordinaryId)).not.toHaveProperty("breachLetter");
    // An Editor still opens and tests an ordinary newsletter.
    expect((await call("GET", `/api/newsletters/${ordinaryId}`, undefined, editor)).statusCode).toBe(200);
    expect((await call("GET", `/api/newsletters/${ordinaryId}/preview`, undefined, editor)).statusCode).toBe(200);
    expect((await call("GET", `/api/newsletters/${ordinaryId}`, undefined, editor)).json()).not.toHaveProperty(
      "breachLetter",
    );
  });

  it("sends the Amharic version, with its Amharic foot, to people whose language is Amharic", async () => {
    const subscribe = async (email: string, lang: "en" | "am") => {
      const asked = await t.app.inject({
        method: "POST",
        url: lang === "am" ? "/api/subscribe?lang=am" : "/api/subscribe",
        payload: { email },
        remoteAddress: `10.62.${dialect.length}.${++visitor}`,
      });
      expect(asked.statusCode, asked.body).toBe(201);
    };
    await subscribe("tigist@example.org", "am");
    await subscribe("sam@example.org", "en");
    // The newest choice of language wins: a later gift from a page in the other language.
    await subscribe("mulu@example.org", "am");
    await subscribe("abebe@example.org", "en");
    const later = new Date(Date.now() + 60_000).toISOString();
    await t.database.db
      .insertInto("donations")
      .values(
        [
          { email: "Mulu@Example.org", locale: "en" },
          { email: "abebe@example.org", locale: "am" },
        ].map(({ email, locale }, i) => ({
          id: crypto.randomUUID(),
          provider: "stripe",
          checkout_session_id: `cs_breach_${dialect}_${i}`,
          frequency: "one-time",
          amount_cents: 2500,
          currency: "usd",
          status: "paid",
          donor_email: email,
          donor_name: "A donor",
          locale,
          created_at: later,
          updated_at: later,
          paid_at: later,
        })),
      )
      .execute();
    const { breachId, newsletterId } = await breachWithLetter("A subscriber export was e-mailed to the wrong person");
    const edited = await call("PUT", `/api/newsletters/${newsletterId}`, {
      subject: "About your subscription to Hope Behind Bars",
      content: "<p>A list of subscribers' addresses was sent to the wrong person on 28 November.</p>",
      subjectAm: "ስለ Hope Behind Bars ምዝገባዎ",
      contentAm: "<p>የተመዝጋቢዎች አድራሻ ዝርዝር በኅዳር 28 ለተሳሳተ ሰው ተልኳል።</p>",
      inArchive: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const informed = await call("POST", `/api/admin/breaches/${breachId}/inform`);
    expect(informed.statusCode, informed.body).toBe(200);
    await t.services.jobs.runDue();

    const letters = inbox.messages
      .map((raw) => ({ raw, mail: readMail(raw) }))
      .filter(({ mail }) =>
        ["ስለ Hope Behind Bars ምዝገባዎ", "About your subscription to Hope Behind Bars"].includes(mail.subject),
      );
    const to = (address: string) => letters.filter(({ raw }) => raw.includes(`To: ${address}`));
    for (const address of ["tigist", "sam", "mulu", "abebe"]) expect(to(`${address}@example.org`)).toHaveLength(1);
    const subjectTo = (address: string) => to(address)[0]?.mail.subject;
    expect(subjectTo("mulu@example.org")).toBe("About your subscription to Hope Behind Bars");
    expect(subjectTo("abebe@example.org")).toBe("ስለ Hope Behind Bars ምዝገባዎ");

    const amharic = to("tigist@example.org")[0];
    expect(amharic?.mail.subject).toBe("ስለ Hope Behind Bars ምዝገባዎ");
    expect(amharic?.mail.text).toContain("የተመዝጋቢዎች አድራሻ ዝርዝር በኅዳር 28 ለተሳሳተ ሰው ተልኳል።");
    expect(amharic?.mail.text).toContain("ይህ ጋዜጣ አይደለም፤ በምንም ዝርዝር ውስጥ አልተጨመሩም።");
    expect(amharic?.mail.text).not.toContain("It is not a newsletter");
    expect(amharic?.mail.html).toContain('lang="am"');
    expect(amharic?.raw).not.toContain("List-Unsubscribe");

    const english = to("sam@example.org")[0];
    expect(english?.mail.subject).toBe("About your subscription to Hope Behind Bars");
    expect(english?.mail.text).toContain("A list of subscribers' addresses was sent to the wrong person");
    expect(english?.mail.text).toContain("It is not a newsletter: you have not been added to any list.");
    expect(english?.mail.text).not.toContain("ጋዜጣ");

    const entry = await t.database.db
      .selectFrom("audit_log")
      .select("changes")
      .where("entity", "=", "breach")
      .where("entity_id", "=", breachId)
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    // Subscribers of the first test are affected too: how many, and how many in Amharic, never who.
    const { values } = JSON.parse(entry.changes ?? "{}") as { values: Record<string, unknown> };
    expect(values).toEqual({ peopleInformed: true, emailed: expect.any(Number), emailedInAmharic: 2 });
    expect(values.emailed).toBe(
      (await t.database.db.selectFrom("subscribers").select("email").distinct().execute()).length,
    );
    for (const who of ["tigist", "abebe"]) expect(entry.changes).not.toContain(who);
  });
});
