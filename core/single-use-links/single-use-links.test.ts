import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../db/database.ts";
import { migrations } from "../../db/migrations/index.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import type { EmailService } from "../email/email.service.ts";
import { createSingleUseLinks, type LinkPurpose, type SingleUseLinks } from "./single-use-links.ts";

const SECRET = "a session secret of the test, long enough";
const MINUTE = 60_000;

const signIn: LinkPurpose = {
  name: "test-sign-in",
  lifetimeMs: 15 * MINUTE,
  uses: 1,
  perAddress: { max: 3, windowMs: 15 * MINUTE },
  replacesEarlier: false,
};
const download: LinkPurpose = { name: "test-download", lifetimeMs: 60 * MINUTE, uses: 3, replacesEarlier: true };

describe.each(DIALECTS)("single-use links on %s", (dialect) => {
  let database: TestDatabase;
  let links: SingleUseLinks;
  let now = new Date("2026-11-28T09:00:00.000Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const expired: string[][] = [];
  const confirmation: LinkPurpose = {
    name: "test-confirmation",
    lifetimeMs: 7 * 24 * 60 * MINUTE,
    uses: 1,
    replacesEarlier: true,
    whenExpired: async (_trx, subjects) => {
      expired.push((await subjects.execute()).map((row) => row.subject).sort());
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const email = {} as EmailService; // send() is not used here; the features' tests send real mail
    links = createSingleUseLinks({
      db: database.db,
      clock: () => now,
      tokenSecret: SECRET,
      email,
      purposes: [confirmation],
    });
  });
  afterAll(() => database.destroy());
  afterEach(async () => {
    await database.db.deleteFrom("single_use_links").execute();
    expired.length = 0;
  });
  it("works until one millisecond before its lifetime ends, and not at or after it", async () => {
    const { token, expiresAt } = await links.issue(database.db, signIn, "donor@example.org");
    expect(expiresAt.toISOString()).toBe("2026-11-28T09:15:00.000Z");
    later(15 * MINUTE - 1);
    expect(await links.peek(database.db, signIn, token)).toBe("donor@example.org");
    later(1);
    expect(await links.peek(database.db, signIn, token)).toBeUndefined();
    expect(await links.use(database.db, signIn, token)).toBeUndefined();
    later(1);
    expect(await links.use(database.db, signIn, token)).toBeUndefined();
  });

  it("works once when single-use: a second use is refused", async () => {
    const { token } = await links.issue(database.db, signIn, "donor@example.org");
    expect(await links.use(database.db, signIn, token)).toBe("donor@example.org");
    expect(await links.use(database.db, signIn, token)).toBeUndefined();
    expect(await links.peek(database.db, signIn, token)).toBeUndefined();
  });

  it("works as many times as a multi-use purpose says, then no more", async () => {
    const { token } = await links.issue(database.db, download, "request-1");
    expect(await links.use(database.db, download, token)).toBe("request-1");
    expect(await links.use(database.db, download, token)).toBe("request-1");
    expect(await links.peek(database.db, download, token)).toBe("request-1");
    expect(await links.use(database.db, download, token)).toBe("request-1");
    expect(await links.use(database.db, download, token)).toBeUndefined();
  });

  it("refuses the link after the per-address cap until the window has passed, for that address only", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await links.mayIssue(database.db, signIn, "donor@example.org")).toBe(true);
      await links.issue(database.db, signIn, "donor@example.org");
      later(MINUTE);
    }
    expect(await links.mayIssue(database.db, signIn, "donor@example.org")).toBe(false);
    expect(await links.mayIssue(database.db, signIn, "someone-else@example.org")).toBe(true);
    // Used links count too: using one does not make room for another.
    later(12 * MINUTE - 1); // 15 minutes after the first, less 1 ms
    expect(await links.mayIssue(database.db, signIn, "donor@example.org")).toBe(false);
    later(1);
    expect(await links.mayIssue(database.db, signIn, "donor@example.org")).toBe(true);
    // A purpose without a per-address limit never refuses.
    for (let i = 0; i < 10; i++) await links.issue(database.db, download, "request-1");
    expect(await links.mayIssue(database.db, download, "request-1")).toBe(true);
  });

  it("stores only an HMAC of the token, never the token", async () => {
    const { token } = await links.issue(database.db, signIn, "donor@example.org");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.selectFrom("single_use_links").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toBe(createHmac("sha256", SECRET).update(token).digest("hex"));
  });

  it("opens nothing for another purpose, and stays usable for its own", async () => {
    const { token } = await links.issue(database.db, signIn, "donor@example.org");
    expect(await links.peek(database.db, download, token)).toBeUndefined();
    expect(await links.use(database.db, download, token)).toBeUndefined();
    expect(await links.use(database.db, signIn, token)).toBe("donor@example.org");
  });

  it("ends the earlier link when the purpose replaces them, and every link on endAll", async () => {
    const first = await links.issue(database.db, download, "request-1");
    const second = await links.issue(database.db, download, "request-1");
    expect(await links.peek(database.db, download, first.token)).toBeUndefined();
    expect(await links.peek(database.db, download, second.token)).toBe("request-1");
    const a = await links.issue(database.db, signIn, "donor@example.org");
    const b = await links.issue(database.db, signIn, "donor@example.org");
    expect(await links.peek(database.db, signIn, a.token)).toBe("donor@example.org"); // both live
    await links.endAll(database.db, signIn, "donor@example.org");
    expect(await links.peek(database.db, signIn, b.token)).toBeUndefined();
  });

  it("housekeeping deletes expired links of every purpose, telling a purpose whose subjects' links all ran out", async () => {
    await links.issue(database.db, confirmation, "subscriber-1");
    await links.issue(database.db, confirmation, "subscriber-2");
    await links.issue(database.db, signIn, "donor@example.org");
    later(7 * 24 * 60 * MINUTE - MINUTE);
    await links.issue(database.db, confirmation, "subscriber-2"); // a fresh link: still waiting
    later(MINUTE);
    await links.housekeepingJob.handle();
    expect(expired).toEqual([["subscriber-1"]]);
    const left = await database.db.selectFrom("single_use_links").select(["purpose", "subject"]).execute();
    expect(left).toEqual([{ purpose: "test-confirmation", subject: "subscriber-2" }]);
  });
});

/**
 * Links e-mailed before the upgrade: rows of the old shapes, written by the release before
 * 2026-11-28-600, still open what they opened after it, and used or replaced ones still do not.
 */
describe.each(DIALECTS)("links sent before the single-use-links migration, on %s", (dialect) => {
  let database: TestDatabase;
  const at = "2026-11-28T09:00:00.000Z";
  const now = new Date("2026-11-28T09:05:00.000Z");
  const hash = (token: string) => createHmac("sha256", SECRET).update(token).digest("hex");
  const purpose = (name: string): LinkPurpose => ({ name, lifetimeMs: MINUTE, uses: 1, replacesEarlier: false });

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const { error } = await migrator.migrateTo("2026-11-25-200-site-content-item-ids");
    if (error) throw error;
    // The tables of the release before, as it wrote them.
    const old = database.db as unknown as Kysely<any>;
    await old
      .insertInto("admin_users")
      .values({
        id: "11111111-1111-4111-8111-111111111111",
        email: "admin@example.org",
        name: "Admin",
        role: "administrator",
        password_hash: "x",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const later = "2026-11-28T10:00:00.000Z";
    await old
      .insertInto("password_resets")
      .values([
        {
          id: "a1",
          admin_user_id: "11111111-1111-4111-8111-111111111111",
          token_hash: hash("reset-live"),
          created_at: at,
          expires_at: later,
          ended_at: null,
        },
        {
          id: "a2",
          admin_user_id: "11111111-1111-4111-8111-111111111111",
          token_hash: hash("reset-used"),
          created_at: at,
          expires_at: later,
          ended_at: at,
        },
      ])
      .execute();
    await old
      .insertInto("donor_links")
      .values([
        {
          id: "b1",
          email: "donor@example.org",
          token_hash: hash("giving-live"),
          created_at: at,
          expires_at: later,
          used_at: null,
        },
        {
          id: "b2",
          email: "donor@example.org",
          token_hash: hash("giving-used"),
          created_at: at,
          expires_at: later,
          used_at: at,
        },
      ])
      .execute();
    await old
      .insertInto("subscribers")
      .values({
        id: "c1",
        email: "reader@example.org",
        created_at: at,
        status: "pending",
        confirm_token_hash: hash("confirm-live"),
        confirm_expires_at: later,
        confirm_sent_at: at,
      })
      .execute();
    const invitation = {
      email: "new@example.org",
      role: "editor",
      invited_by: null,
      created_at: at,
      sent_at: at,
      expires_at: later,
    };
    await old
      .insertInto("staff_invitations")
      .values([
        { ...invitation, id: "d1", token_hash: hash("invite-live"), accepted_at: null, revoked_at: null },
        {
          ...invitation,
          id: "d2",
          email: "gone@example.org",
          token_hash: hash("invite-revoked"),
          accepted_at: null,
          revoked_at: at,
        },
      ])
      .execute();
    await migrateToLatest(database);
  });
  afterAll(() => database?.destroy());

  it("keeps every live link working for its purpose and subject, and the used or closed ones dead", async () => {
    const links = createSingleUseLinks({
      db: database.db,
      clock: () => now,
      tokenSecret: SECRET,
      email: {} as EmailService,
      purposes: [],
    });
    const { db } = database;
    expect(await links.use(db, purpose("password-reset"), "reset-live")).toBe("11111111-1111-4111-8111-111111111111");
    expect(await links.use(db, purpose("password-reset"), "reset-used")).toBeUndefined();
    expect(await links.use(db, purpose("my-giving-sign-in"), "giving-live")).toBe("donor@example.org");
    expect(await links.use(db, purpose("my-giving-sign-in"), "giving-used")).toBeUndefined();
    expect(await links.use(db, purpose("newsletter-confirmation"), "confirm-live")).toBe("c1");
    expect(await links.use(db, purpose("staff-invitation"), "invite-live")).toBe("d1");
    expect(await links.use(db, purpose("staff-invitation"), "invite-revoked")).toBeUndefined();
    // Each works for its own purpose only, and once.
    expect(await links.use(db, purpose("password-reset"), "giving-live")).toBeUndefined();
    expect(await links.use(db, purpose("my-giving-sign-in"), "giving-live")).toBeUndefined();
    // The per-address limits still count the links sent before the upgrade.
    const counted = await db
      .selectFrom("single_use_links")
      .select(["purpose", "subject", "created_at"])
      .where("purpose", "=", "my-giving-sign-in")
      .execute();
    expect(counted).toEqual([
      { purpose: "my-giving-sign-in", subject: "donor@example.org", created_at: at },
      { purpose: "my-giving-sign-in", subject: "donor@example.org", created_at: at },
    ]);
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain("password_resets");
    expect(tables).not.toContain("donor_links");
    const invitations = await db
      .selectFrom("staff_invitations")
      .select(["id", "email", "revoked_at"])
      .orderBy("id")
      .execute();
    expect(invitations).toEqual([
      { id: "d1", email: "new@example.org", revoked_at: null },
      { id: "d2", email: "gone@example.org", revoked_at: at },
    ]);
  });
});
