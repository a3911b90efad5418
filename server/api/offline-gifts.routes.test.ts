import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const NOW = new Date("2026-11-22T10:00:00Z");

/** 15,550 birr at 155.5 birr per dollar: exactly $100. */
const ETB_GIFT = {
  receivedOn: "2026-11-20",
  method: "bank-transfer",
  amount: "15,550",
  currency: "etb",
  etbPerUsd: "155.5",
  fund: "vocational-training-machine",
  donorName: "Abeba Tesfaye",
  donorEmail: "abeba@example.org",
  reference: "FT26323ABC",
  note: "Monthly statement, line 14",
};

describe.each(DIALECTS)("offline gifts and transfer notices on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let visitor = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => NOW });
    auth = await t.adminHeaders();
  });
  afterAll(() => t.close());

  const fund = async (id: string) => {
    const funds = (await t.app.inject({ url: "/api/funds" })).json<
      Array<{ id: string; raised: number; percent: number }>
    >();
    return funds.find((item) => item.id === id);
  };
  const record = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/offline-gifts", headers: auth, payload });
  const notice = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/pledges", payload, remoteAddress: `10.40.0.${++visitor}` });

  it("records a birr gift at the day's rate: its dollar value moves the card, and keeps who and when", async () => {
    // The default Vocational Training Machine card: $5,000 goal, $900 opening balance.
    expect(await fund("vocational-training-machine")).toMatchObject({ raised: 90000, percent: 18 });
    const created = await record(ETB_GIFT);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      amountMinor: 1555000,
      currency: "etb",
      etbPerUsd: "155.5",
      usdCents: 10000,
      fundId: "vocational-training-machine",
      createdBy: "staff@hopebehindbars.test",
      createdAt: NOW.toISOString(),
    });
    expect(await fund("vocational-training-machine")).toMatchObject({ raised: 100000, percent: 20 });

    const id = created.json()._id;
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/offline-gifts/${id}`,
      headers: auth,
      payload: { ...ETB_GIFT, amount: "31100", etbPerUsd: "155.5" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ usdCents: 20000, updatedBy: "staff@hopebehindbars.test" });
    expect(await fund("vocational-training-machine")).toMatchObject({ raised: 110000, percent: 22 });

    const removed = await t.app.inject({ method: "DELETE", url: `/api/offline-gifts/${id}`, headers: auth });
    expect(removed.statusCode).toBe(204);
    expect(await fund("vocational-training-machine")).toMatchObject({ raised: 90000 });
    const again = await t.app.inject({ method: "DELETE", url: `/api/offline-gifts/${id}`, headers: auth });
    expect(again.statusCode).toBe(404);
  });

  it("counts dollars as they are, and a gift for where most needed on no card", async () => {
    const before = await t.app.inject({ url: "/api/funds" });
    const dollars = await record({ receivedOn: "2026-11-21", method: "cash", amount: "20", currency: "usd" });
    expect(dollars.statusCode, dollars.body).toBe(201);
    expect(dollars.json()).toMatchObject({ amountMinor: 2000, usdCents: 2000, fundId: null, etbPerUsd: null });
    expect((await t.app.inject({ url: "/api/funds" })).body).toBe(before.body);
  });

  it.each<[string, object, string, string]>([
    [
      "birr without the day's rate",
      { etbPerUsd: "" },
      "etbPerUsd",
      "Please enter the day's rate in birr per US dollar, e.g. 155.42.",
    ],
    [
      "an amount with three decimals",
      { amount: "12.345" },
      "amount",
      "Please enter an amount greater than zero, with at most two decimals.",
    ],
    [
      "a zero amount",
      { amount: "0" },
      "amount",
      "Please enter an amount greater than zero, with at most two decimals.",
    ],
    ["another currency", { currency: "eur" }, "currency", "Please choose ETB or USD."],
    [
      "a date that does not exist",
      { receivedOn: "2026-02-30" },
      "receivedOn",
      "Please enter a real date (yyyy-MM-dd).",
    ],
    [
      "a fund no card has",
      { fund: "no-such-need" },
      "fund",
      "This need is no longer listed. Please choose “Where most needed” or another need on the page.",
    ],
  ])("refuses %s with the field's message", async (_label, change, field, message) => {
    const response = await record({ ...ETB_GIFT, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it("takes a transfer notice from a visitor; staff confirm it into a gift once, or dismiss one", async () => {
    const sent = await notice({
      name: "Dawit Alemu",
      email: "dawit@example.org",
      amount: "3110",
      currency: "etb",
      transferredOn: "2026-11-21",
      bankReference: "FT26325QWE",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe(
      "Thank you! We will confirm your gift by e-mail when the transfer shows in our bank statement.",
    );
    const pledges = (await t.app.inject({ url: "/api/pledges", headers: auth })).json();
    const pledge = pledges.find((p: { donorEmail: string }) => p.donorEmail === "dawit@example.org");
    expect(pledge).toMatchObject({
      status: "pending",
      amountMinor: 311000,
      currency: "etb",
      bankReference: "FT26325QWE",
    });

    const before = (await fund("health-care-kits"))?.raised ?? 0;
    const confirm = () =>
      t.app.inject({
        method: "POST",
        url: `/api/pledges/${pledge._id}/confirm`,
        headers: auth,
        payload: { receivedOn: "2026-11-22", etbPerUsd: "155.5", fund: "health-care-kits" },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      pledgeId: pledge._id,
      method: "bank-transfer",
      amountMinor: 311000,
      usdCents: 2000,
      donorName: "Dawit Alemu",
      donorEmail: "dawit@example.org",
      reference: "FT26325QWE",
      fundId: "health-care-kits",
    });
    expect((await fund("health-care-kits"))?.raised).toBe(before + 2000);
    // A second confirmation (another tab) cannot count the money twice.
    expect((await confirm()).statusCode).toBe(409);

    const other = await notice({
      name: "Hanna",
      email: "hanna@example.org",
      amount: "50",
      currency: "usd",
      transferredOn: "2026-11-21",
      bankReference: "FT26326ZZZ",
    });
    expect(other.statusCode).toBe(201);
    const otherId = (await t.app.inject({ url: "/api/pledges", headers: auth }))
      .json()
      .find((p: { donorEmail: string }) => p.donorEmail === "hanna@example.org")._id;
    const dismissed = await t.app.inject({ method: "POST", url: `/api/pledges/${otherId}/dismiss`, headers: auth });
    expect(dismissed.statusCode).toBe(204);
    const listed = (await t.app.inject({ url: "/api/pledges", headers: auth })).json();
    expect(listed.find((p: { _id: string }) => p._id === otherId).status).toBe("dismissed");
  });

  it("checks a notice's fields, and answers a bot's like a person's without keeping it", async () => {
    const bad = await notice({ name: "", email: "not-an-address", amount: "x", currency: "usd", transferredOn: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      transferredOn: "Please enter a real date (yyyy-MM-dd).",
      bankReference: "Please enter the bank's reference for the transfer.",
    });
    const count = (await t.app.inject({ url: "/api/pledges", headers: auth })).json().length;
    const bot = await notice({
      name: "Bot",
      email: "bot@example.org",
      amount: "10",
      currency: "usd",
      transferredOn: "2026-11-21",
      bankReference: "X",
      fax_number: "555",
    });
    expect(bot.statusCode).toBe(201);
    expect((await t.app.inject({ url: "/api/pledges", headers: auth })).json()).toHaveLength(count);
  });

  it("keeps offline gifts and notices for Administrators", async () => {
    const editor = await t.staffHeaders("editor");
    expect((await t.app.inject({ url: "/api/offline-gifts", headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/pledges" })).statusCode).toBe(401);
  });
});
