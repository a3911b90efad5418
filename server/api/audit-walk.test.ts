import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../core/access/roles.ts";
import type { ActivityPage } from "../../core/audit/activity.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import type { RouteEntry } from "../app.ts";
import { ANY_ID, AUDIT_FIXTURES } from "./audit-walk.fixtures.ts";

/**
 * Every staff write leaves exactly one audit row naming who, from where, what and which
 * (docs/decisions/0250-audit-walk.md). The routes come from `app.routeCatalog`, so a route added
 * later is walked too, and fails here until it has a fixture.
 */

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Reads that hand out personal data in bulk are recorded like writes. */
const isExport = (route: RouteEntry) => route.method === "GET" && /(^|\/)export|\.csv$/.test(route.url);
const isStaffWrite = (route: RouteEntry) =>
  route.access === "admin" && (WRITE_METHODS.has(route.method) || isExport(route));
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;

const FIXTURES_FILE = "server/api/audit-walk.fixtures.ts";
const ADMIN_IP = "198.51.100.7";

describe.each(DIALECTS)("audit walk of the route table on %s", (dialect) => {
  let t: TestApp;
  let writes: RouteEntry[];
  /**
   * The route Fastify matched for each request id, so a fixture is seen to call its own route. A
   * streamed answer (a CSV export) can reach the test before its onResponse hook has run: wait for it.
   */
  const matched = new Map<string, { promise: Promise<string>; resolve: (route: string) => void }>();
  const matchOf = (id: string) => {
    if (!matched.has(id)) {
      let resolve = (_route: string) => {};
      const promise = new Promise<string>((done) => {
        resolve = done;
      });
      matched.set(id, { promise, resolve });
    }
    return matched.get(id) as { promise: Promise<string>; resolve: (route: string) => void };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      // Mail "configured" (nothing listens; jobs never run here), so routes that send can be walked.
      config: { mail: { smtp: "smtp://127.0.0.1:9", from: "Walk <walk@hopebehindbars.test>" } },
      beforeReady: (app) =>
        app.addHook("onResponse", async (request) => {
          matchOf(request.id).resolve(`${request.method} ${request.routeOptions.url}`);
        }),
    });
    writes = t.app.routeCatalog.filter(isStaffWrite);
  });
  afterAll(() => t.close());

  const auditRows = () => t.database.db.selectFrom("audit_log").selectAll().orderBy("at").orderBy("id").execute();
  const adminId = async () =>
    (
      await t.database.db
        .selectFrom("admin_users")
        .select("id")
        .where("email", "=", TEST_ADMIN.email)
        .executeTakeFirst()
    )?.id;

  it("finds the staff writes in the route table", () => {
    expect(writes.map(keyOf)).toEqual(expect.arrayContaining(["POST /api/blogs", "GET /api/subscribe/export.csv"]));
  });

  it("has a fixture for every staff write route", () => {
    const missing = writes.map(keyOf).filter((key) => !(key in AUDIT_FIXTURES));
    expect(
      missing,
      `Staff write routes without an audit fixture: ${missing.join(", ")}. Every staff write must record ` +
        `who did what (core/audit/audit.ts, inside the write's transaction). Add an entry keyed ` +
        `"METHOD url" to AUDIT_FIXTURES in ${FIXTURES_FILE}: arrange what the call acts on, return the call ` +
        `and the audit row it must add.`,
    ).toEqual([]);
  });

  it("has no fixture for a route that is not a staff write", () => {
    const known = new Set(writes.map(keyOf));
    const stale = Object.keys(AUDIT_FIXTURES).filter((key) => !known.has(key));
    expect(stale, `Fixtures in ${FIXTURES_FILE} for routes that are not staff writes: ${stale.join(", ")}`).toEqual([]);
  });

  it.each(Object.keys(AUDIT_FIXTURES))("%s adds exactly its audit row", async (key) => {
    const [method, route] = key.split(" ") as [HTTPMethods, string];
    const { request, expected } = await (AUDIT_FIXTURES[key] as (typeof AUDIT_FIXTURES)[string])(t);
    // A fixture that signed in itself (its account needs a second factor by the time of the call) sends its own.
    const headers = request.headers?.authorization
      ? request.headers
      : { ...request.headers, ...(await t.adminHeaders()) };
    const before = await auditRows();

    const response = await t.app.inject({ method, ...request, headers, remoteAddress: ADMIN_IP });

    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await matchOf(response.headers["x-request-id"] as string).promise).toBe(`${method} ${route}`);
    const added = (await auditRows()).filter((row) => !before.some((old) => old.id === row.id));
    expect(added).toHaveLength(1);
    const [row] = added;
    expect(row).toMatchObject({
      actor_id: await adminId(),
      actor_email: TEST_ADMIN.email,
      ip: ADMIN_IP,
      action: expected.action,
      entity: expected.entity,
      entity_id: expected.entityId === ANY_ID ? expect.any(String) : expected.entityId,
    });
    const changes = JSON.parse(row?.changes as string);
    if (expected.fields) expect(changes.fields).toEqual(expected.fields);
    if (expected.values) expect(changes.values).toEqual(expected.values);
  });

  it("records no write for a refused one: nothing without a session, only the refusal for a role the route does not allow", async () => {
    const tokens = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, await t.staffHeaders(role)] as const)),
    );
    const others = async () => (await auditRows()).filter((row) => row.action !== "refused");
    const before = (await others()).length;
    const refusals: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");
      const anonymous = await t.app.inject({ method: route.method as HTTPMethods, url });
      expect(anonymous.statusCode, keyOf(route)).toBe(401);
      for (const role of STAFF_ROLES.filter((r) => !route.roles.includes(r))) {
        const refused = await t.app.inject({ method: route.method as HTTPMethods, url, headers: tokens[role] });
        expect(refused.statusCode, `${keyOf(route)} as ${role}`).toBe(403);
        refusals.push(`refused route ${route.method} ${route.url} ${role}`);
      }
    }
    expect(await others()).toHaveLength(before);
    const added = (await auditRows()).filter((row) => row.action === "refused");
    expect(
      added.map((row) => `${row.action} ${row.entity} ${row.entity_id} ${JSON.parse(row.changes).values.role}`).sort(),
    ).toEqual(refusals.sort());
  });

  it("records nothing when a write fails its checks", async () => {
    const headers = await t.adminHeaders();
    const before = (await auditRows()).length;
    const unknown = "00000000-0000-4000-8000-000000000000";
    const failures = [
      await t.app.inject({ method: "POST", url: "/api/videos", headers, payload: { title: "" } }),
      await t.app.inject({ method: "PUT", url: `/api/videos/${unknown}`, headers, payload: { title: "x" } }),
      await t.app.inject({ method: "DELETE", url: `/api/blogs/${unknown}`, headers }),
      await t.app.inject({ method: "PUT", url: `/api/messages/admin/${unknown}`, headers, payload: { isRead: true } }),
      await t.app.inject({ method: "DELETE", url: "/api/subscribe", headers, payload: { ids: [unknown] } }),
    ];
    expect(failures.map((r) => r.statusCode)).toEqual([400, 400, 404, 404, 400]);
    expect(await auditRows()).toHaveLength(before);
  });

  it("describes every entry it recorded by a name, never by an id (decision 0889)", async () => {
    const summaries: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage = await t.services.activity.list({ limit: 200, ...(cursor ? { cursor } : {}) });
      summaries.push(...page.entries.map((entry) => entry.summary));
      cursor = page.nextCursor;
    } while (cursor);
    expect(summaries.length).toBeGreaterThan(Object.keys(AUDIT_FIXTURES).length);
    expect(summaries.filter((summary) => /\b[0-9a-f]{8}\b/i.test(summary))).toEqual([]);
  });
});
