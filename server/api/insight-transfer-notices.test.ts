import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * Bank transfer notices in the donation funnel: a notice sent is the step a checkout started is, and it
 * is paid once staff confirmed it into a gift that stands (docs/decisions/0885-transfer-notices-in-the-funnel.md).
 */
describe.each(DIALECTS)("transfer notices in the insight funnel on %s", (dialect) => {
  let t: TestApp;
  let staff: { authorization: string };
  // 09:00 in Addis Ababa; moved back to send a notice before the period asked for.
  const today = new Date("2026-11-28T06:00:00Z");
  let now = today;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    staff = await t.adminHeaders();
  });
  afterAll(() => t.close());

  const notice = async (bankReference: string, attribution?: Record<string, string>) => {
    address += 1;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/pledges",
      remoteAddress: `196.188.2.${address}`,
      payload: {
        name: "Tigist Bekele",
        email: "tigist@example.org",
        amount: "30",
        currency: "usd",
        transferredOn: "2026-09-30",
        bankReference,
        ...(attribution === undefined ? {} : { attribution }),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (
      await t.database.db
        .selectFrom("gift_pledges")
        .select("id")
        .where("bank_reference", "=", bankReference)
        .executeTakeFirstOrThrow()
    ).id;
  };
  const decide = async (id: string, decision: "confirm" | "dismiss") => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/pledges/${id}/${decision}`,
      headers: staff,
      payload: decision === "confirm" ? { receivedOn: "2026-11-27" } : {},
    });
    expect(response.statusCode, response.body).toBe(decision === "confirm" ? 200 : 204);
  };

  it("counts each notice sent in its period by source, and as paid only once confirmed into a gift that stands", async () => {
    // Sent on 1 October: outside the last 30 days, confirmed, counted nowhere.
    now = new Date("2026-10-01T06:00:00Z");
    await decide(await notice("CBE-OLD", { source: "poster" }), "confirm");
    now = today;
    // From the poster: one confirmed, one waiting, one dismissed.
    await decide(await notice("CBE-POSTER-1", { source: "poster", campaign: "year-end-appeal" }), "confirm");
    await notice("CBE-POSTER-2", { source: "poster" });
    await decide(await notice("CBE-POSTER-3", { source: "poster" }), "dismiss");
    // Linked from a church's site, confirmed.
    await decide(await notice("CBE-CHURCH", { referrer: "church.example.org" }), "confirm");
    // Typed the address: confirmed, then staff deleted the gift (the money never came).
    const direct = await notice("CBE-DIRECT");
    await decide(direct, "confirm");
    const gift = await t.database.db
      .selectFrom("offline_gifts")
      .select("id")
      .where("pledge_id", "=", direct)
      .executeTakeFirstOrThrow();
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/offline-gifts/${gift.id}`, headers: staff });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const response = await t.app.inject({ url: "/api/insight?days=30", headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    // Five notices in the period (poster 3, church 1, direct 1); paid: poster's first and the church's.
    expect(response.json().funnel).toEqual({
      opened: 0,
      started: 5,
      paid: 2,
      byMethod: [
        { method: "card", started: 0, paid: 0 },
        { method: "birr", started: 0, paid: 0 },
        { method: "bank", started: 5, paid: 2 },
      ],
      bySource: [
        { source: "poster", opened: 0, started: 3, paid: 1 },
        { source: "church.example.org", opened: 0, started: 1, paid: 1 },
        { source: "direct", opened: 0, started: 1, paid: 0 },
      ],
      bySourceMethod: [
        { source: "poster", method: "bank", started: 3, paid: 1 },
        { source: "church.example.org", method: "bank", started: 1, paid: 1 },
        { source: "direct", method: "bank", started: 1, paid: 0 },
      ],
    });
    // Over the year the October notice counts too: six sent, three paid.
    const year = (await t.app.inject({ url: "/api/insight?days=365", headers: staff })).json();
    expect(year.funnel.byMethod.at(-1)).toEqual({ method: "bank", started: 6, paid: 3 });
    expect(year.funnel.bySourceMethod[0]).toEqual({ source: "poster", method: "bank", started: 4, paid: 2 });

    const csv = await t.app.inject({ url: "/api/insight/export.csv?days=30&table=funnel-sources", headers: staff });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toBe(
      "\uFEFFSource,Method,Started,Paid\r\nposter,bank,3,1\r\nchurch.example.org,bank,1,1\r\ndirect,bank,1,0\r\n",
    );
  });
});
