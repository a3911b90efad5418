import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementsOf } from "../../core/receipts/year-statements.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { pdfText } from "../../tests/support/receipt-pdf.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SITE = "http://localhost:3000";

describe.each(DIALECTS)("gifts in honour or in memory, and the donor wall, on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      config: {
        publicSiteUrl: SITE,
        mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  async function give(payload: Record<string, unknown>) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/create-checkout-session",
      payload: { amount: 25, frequency: "one-time", ...payload },
      remoteAddress: visitorIp(),
    });
    return response;
  }

  async function paidGift(payload: Record<string, unknown>, donor = { email: "donor@example.org", name: "Meron" }) {
    const response = await give(payload);
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: string }>();
    await t.services.donations.completeSandboxCheckout(id, donor);
    const row = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return { sessionId: id, donationId: row.id };
  }

  /** The e-mails queued to `to` (the outbox: one `email` job each), as their JSON payloads. */
  async function queuedTo(to: string) {
    const jobs = await t.database.db.selectFrom("jobs").select("payload").where("type", "=", "email").execute();
    return jobs
      .map((job) => JSON.parse(job.payload) as { to?: string; subject: string; text: string; html?: string })
      .filter((mail) => mail.to === to);
  }

  it("queues one card when the gift is paid, however often Pay is pressed, and never says the amount", async () => {
    const { sessionId, donationId } = await paidGift({
      tribute: { kind: "memory", name: "Abebe Kebede", notifyName: "Hanna", notifyEmail: "hanna@example.org" },
    });
    // A replayed payment (the sandbox's Pay pressed again) is the same event: nothing more is queued.
    await t.services.donations.completeSandboxCheckout(sessionId);
    await t.services.donations.applyEvent({
      type: "checkout.completed",
      id: `replayed_${sessionId}`,
      occurredAt: new Date().toISOString(),
      donationId,
      sessionId,
      frequency: "one-time",
      paid: true,
      amountCents: 2500,
      currency: "usd",
      email: null,
      name: null,
      customerId: null,
      subscriptionId: null,
      paymentReference: `sandbox_pay_${sessionId}`,
      paymentIntentId: null,
    });
    const cards = await queuedTo("hanna@example.org");
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(card?.subject).toBe("A gift to Hope Behind Bars in memory of Abebe Kebede");
    expect(card?.text).toContain("Dear Hanna,");
    expect(card?.text).toContain("Meron has given a gift to Hope Behind Bars in memory of Abebe Kebede.");
    expect(card?.html).toContain(`${SITE}/images/hero-families-640.jpg`);
    for (const part of [card?.text, card?.html]) {
      expect(part).not.toContain("$25");
      expect(part).not.toContain("25.00");
    }
  });

  it("says the amount only when the donor asked, and writes in the donor's language", async () => {
    await paidGift({
      lang: "am",
      tribute: { kind: "honour", name: "Almaz", notifyEmail: "almaz.family@example.org", showAmount: true },
    });
    const [card] = await queuedTo("almaz.family@example.org");
    expect(card?.subject).toBe("Almazን ለማክበር ለHope Behind Bars የተሰጠ ልገሳ");
    expect(card?.text).toContain("$25");
  });

  it("queues no card before the gift is paid, nor for a tribute with nobody to tell", async () => {
    const pending = await give({
      tribute: { kind: "memory", name: "Nobody paid", notifyEmail: "waiting@example.org" },
    });
    expect(pending.statusCode).toBe(200);
    expect(await queuedTo("waiting@example.org")).toHaveLength(0);
    const { donationId } = await paidGift({ tribute: { kind: "honour", name: "Tigist" } });
    const row = await t.database.db
      .selectFrom("donation_tributes")
      .selectAll()
      .where("donation_id", "=", donationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "honour", name: "Tigist", notify_email: null });
  });

  it.each([
    [{ tribute: { kind: "birthday", name: "X" } }, "tribute"],
    [{ tribute: { kind: "memory", name: "  " } }, "tribute"],
    [{ tribute: { kind: "memory", name: "X", notifyEmail: "not an address" } }, "tribute"],
    [{ wall: { show: true, message: "x".repeat(201) } }, "wall"],
  ])("refuses %j with 400", async (payload, field) => {
    const response = await give(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields).join()).toContain(field);
  });

  it("accepts a tribute on a gift in birr too", async () => {
    const response = await give({
      currency: "ETB",
      amount: 500,
      tribute: { kind: "memory", name: "Birr Tribute" },
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("donation_tributes")
      .select("kind")
      .where("name", "=", "Birr Tribute")
      .executeTakeFirst();
    expect(row?.kind).toBe("memory");
  });

  it("shows the tribute in the ledger and on the year statement", async () => {
    const { donationId } = await paidGift(
      { tribute: { kind: "memory", name: "Ledger Line", notifyEmail: "ledger.told@example.org" } },
      { email: "ledger.donor@example.org", name: "Ledger Donor" },
    );
    const ledger = await t.app.inject({ method: "GET", url: "/api/donations", headers: await t.adminHeaders() });
    const row = ledger
      .json<{ donations: Array<{ _id: string; tribute: unknown }> }>()
      .donations.find((d) => d._id === donationId);
    expect(row?.tribute).toMatchObject({
      kind: "memory",
      name: "Ledger Line",
      line: "In memory of Ledger Line",
      notifyEmail: "ledger.told@example.org",
      showAmount: false,
    });
    const statements = await statementsOf(t.database.db, new Date().getUTCFullYear());
    const mine = statements.find((s) => s.email === "ledger.donor@example.org");
    expect(mine?.gifts[0]?.tribute).toBe("In memory of Ledger Line");
  });

  it("says an Amharic donor's tribute in Amharic on the year statement, as on the receipt", async () => {
    const donor = { email: "amharic.tribute@example.org", name: "Selam" };
    await paidGift({ lang: "am", tribute: { kind: "memory", name: "Abebe" } }, donor);
    const year = String(new Date().getUTCFullYear());
    const mine = (await t.services.yearStatements.list(year)).find((s) => s.email === donor.email);
    expect(mine?.locale).toBe("am");
    expect(mine?.gifts[0]?.tribute).toBe("ለAbebe መታሰቢያ");
    const text = await pdfText(await t.services.yearStatements.pdf(year, donor.email));
    expect(text).toContain("ለAbebe መታሰቢያ");
    expect(text).not.toContain("In memory of Abebe");
  });

  it("lists a donor on the wall only once the gift is paid and staff approve, and hides it again", async () => {
    const message = '<script>alert("x")</script> With love';
    const { donationId } = await paidGift({ wall: { show: true, displayName: "Meron T.", message } });
    await paidGift({ wall: { show: false, displayName: "Not me" } });
    const unpaid = await give({ wall: { show: true, displayName: "Never paid" } });
    expect(unpaid.statusCode).toBe(200);

    const wall = async (query = "") =>
      (await t.app.inject({ method: "GET", url: `/api/supporters${query}` })).json<{
        supporters: Array<{ name: string | null; message: string | null }>;
      }>().supporters;
    expect(await wall()).toEqual([]);

    const editor = await t.staffHeaders("editor");
    const staffList = await t.app.inject({ method: "GET", url: "/api/admin/donor-wall", headers: editor });
    const entries = staffList.json<{ entries: Array<{ _id: string; state: string }> }>().entries;
    // The unpaid one and the one that said no are not there to approve.
    expect(entries.map((e) => e._id)).toEqual([donationId]);
    expect(entries[0]?.state).toBe("pending");

    const inbox = await t.staffHeaders("inbox");
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/admin/donor-wall/${donationId}`,
      headers: inbox,
      payload: { state: "approved" },
    });
    expect(refused.statusCode).toBe(403);

    const approved = await t.app.inject({
      method: "PUT",
      url: `/api/admin/donor-wall/${donationId}`,
      headers: editor,
      payload: { state: "approved" },
    });
    expect(approved.statusCode).toBe(200);
    // Plain text as the donor typed it: the page escapes it, the API never turns it into HTML.
    expect(await wall()).toEqual([{ name: "Meron T.", message, date: expect.any(String) }]);

    const audited = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity"])
      .where("entity_id", "=", donationId)
      .execute();
    expect(audited).toContainEqual({ action: "status", entity: "donor-wall" });

    await t.app.inject({
      method: "PUT",
      url: `/api/admin/donor-wall/${donationId}`,
      headers: editor,
      payload: { state: "hidden" },
    });
    expect(await wall()).toEqual([]);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/admin/donor-wall/${donationId}`,
      headers: editor,
      payload: { state: "<b>" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("erasing the donor removes the tribute's names and the wall entry; erasing the person told removes them", async () => {
    const { donationId } = await paidGift(
      {
        tribute: { kind: "memory", name: "Erased Name", notifyName: "Told Person", notifyEmail: "told@example.org" },
        wall: { show: true, displayName: "Erased Donor" },
      },
      { email: "erase.me@example.org", name: "Erase Me" },
    );
    const admin = await t.adminHeaders();
    const search = await t.app.inject({ method: "GET", url: "/api/people?q=erase.me%40example.org", headers: admin });
    const person = search.json<{ people: Array<{ id: string }> }>().people[0];
    expect(person).toBeDefined();
    const erased = await t.app.inject({
      method: "POST",
      url: `/api/people/${person?.id}/erase`,
      headers: admin,
      payload: {},
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const tribute = await t.database.db
      .selectFrom("donation_tributes")
      .selectAll()
      .where("donation_id", "=", donationId)
      .executeTakeFirst();
    expect(tribute).toBeUndefined();
    const entry = await t.database.db
      .selectFrom("donor_wall_entries")
      .selectAll()
      .where("donation_id", "=", donationId)
      .executeTakeFirst();
    expect(entry).toBeUndefined();

    // The person told, erased in their own right: a gift that named them keeps its tribute without them.
    const other = await paidGift({
      tribute: {
        kind: "honour",
        name: "Kept Tribute",
        notifyName: "Told Again",
        notifyEmail: "told.again@example.org",
      },
    });
    const found = await t.app.inject({ method: "GET", url: "/api/people?q=told.again%40example.org", headers: admin });
    const told = found.json<{ people: Array<{ id: string }> }>().people[0];
    expect(told).toBeDefined();
    const erasedTold = await t.app.inject({
      method: "POST",
      url: `/api/people/${told?.id}/erase`,
      headers: admin,
      payload: {},
    });
    expect(erasedTold.statusCode, erasedTold.body).toBe(200);
    const kept = await t.database.db
      .selectFrom("donation_tributes")
      .select(["name", "notify_name", "notify_email"])
      .where("donation_id", "=", other.donationId)
      .executeTakeFirst();
    expect(kept).toEqual({ name: "Kept Tribute", notify_name: null, notify_email: null });
  });
});
