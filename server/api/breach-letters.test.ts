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

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, headers = admin) =>
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
    expect(JSON.parse(entries[0]?.changes ?? "{}").values).toEqual({ peopleInformed: true, emailed: 2 });
    expect(entries[0]?.changes).not.toContain("hanna");
  });
});
