import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const application = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Meron Tesfaye",
  email: "meron@example.org",
  phone: "+251 911 234 567",
  age: 29,
  interest: "Event Support",
  motivation: "I want to help mothers stay close to their children.",
  availability: "Weekends",
  ...overrides,
});

describe.each(DIALECTS)("volunteer applications API on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const submit = (payload: Record<string, unknown>, remoteAddress = visitorIp()) =>
    t.app.inject({ method: "POST", url: "/api/volunteer", payload, remoteAddress });
  const list = async () =>
    (await t.app.inject({ url: "/api/volunteer", headers })).json<Array<Record<string, unknown>>>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("stores an application as Pending and lists it newest first", async () => {
    expect((await submit(application({ fullName: "First Applicant" }))).statusCode).toBe(201);
    const response = await submit(application({ fullName: "  Second Applicant  ", linkedin: "", twitter: "@second" }));
    expect(response.statusCode).toBe(201);
    const [newest, older] = await list();
    expect(older?.fullName).toBe("First Applicant");
    expect(newest).toEqual({
      _id: expect.any(String),
      fullName: "Second Applicant",
      email: "meron@example.org",
      phone: "+251 911 234 567",
      age: 29,
      interest: "Event Support",
      motivation: "I want to help mothers stay close to their children.",
      availability: "Weekends",
      linkedin: "",
      twitter: "@second",
      additionalComments: "",
      status: "Pending",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it.each([
    ["fullName", { fullName: "" }, "Full name is required"],
    ["fullName", { fullName: "   " }, "Full name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not an email" }, "Invalid email address"],
    ["email", { email: "<script>alert(1)</script>@x.io" }, "Invalid email address"],
    ["email", { email: "meron@@example.org" }, "Invalid email address"],
    ["phone", { phone: undefined }, "Phone number is required"],
    ["age", { age: undefined }, "Age is required"],
    ["age", { age: "" }, "Age is required"],
    ["age", { age: 17 }, "You must be at least 18"],
    ["age", { age: "17" }, "You must be at least 18"],
    ["age", { age: 18.5 }, "Please enter your age as a whole number"],
    ["age", { age: "eighteen" }, "Please enter your age as a whole number"],
    ["interest", { interest: undefined }, "Please select an area of interest"],
    ["interest", { interest: "Cooking" }, "Please select an area of interest"],
    ["skillSet", { interest: "Skills-Based Volunteering" }, "Please specify your skills"],
    ["otherInterestDetail", { interest: "Other", otherInterestDetail: " " }, "Please specify your other interest"],
    ["motivation", { motivation: "" }, "This field is required"],
    ["availability", { availability: "Sometimes" }, "Please select your availability"],
    ["motivation", { motivation: "x".repeat(3001) }, "Please keep this under 3000 characters"],
    ["fullName", { fullName: "x".repeat(121) }, "Please keep this under 120 characters"],
  ])("refuses a bad %s with the spec's message (%o)", async (field, overrides, message) => {
    const response = await submit(application(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it("reports every missing field at once", async () => {
    const response = await submit({});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      fullName: "Full name is required",
      email: "Email is required",
      phone: "Phone number is required",
      age: "Age is required",
      interest: "Please select an area of interest",
      motivation: "This field is required",
      availability: "Please select your availability",
    });
  });

  it.each([null, [], "text", 42])("answers a body that is not an object (%o) with 400", async (body) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/volunteer",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
      remoteAddress: visitorIp(),
    });
    expect(response.statusCode).toBe(400);
  });

  it("shows the conditional field's message together with the others", async () => {
    const response = await submit({ interest: "Skills-Based Volunteering" });
    expect(response.json().fields).toMatchObject({
      fullName: "Full name is required",
      skillSet: "Please specify your skills",
    });
  });

  it("accepts exactly 18, given as a number or as text", async () => {
    expect((await submit(application({ fullName: "Age Eighteen", age: 18 }))).statusCode).toBe(201);
    expect((await submit(application({ fullName: "Age Text", age: "18" }))).statusCode).toBe(201);
    const ages = (await list()).filter((a) => String(a.fullName).startsWith("Age ")).map((a) => a.age);
    expect(ages).toEqual([18, 18]);
  });

  it("keeps skills and other-interest details only for their own interest", async () => {
    await submit(
      application({
        fullName: "Skilled",
        interest: "Skills-Based Volunteering",
        skillSet: "Nursing",
        otherInterestDetail: "x",
      }),
    );
    await submit(
      application({ fullName: "Other One", interest: "Other", otherInterestDetail: "Radio", skillSet: "y" }),
    );
    await submit(
      application({ fullName: "Events", interest: "Event Support", skillSet: "z", otherInterestDetail: "w" }),
    );
    const byName = new Map((await list()).map((a) => [a.fullName, a]));
    expect(byName.get("Skilled")).toMatchObject({ skillSet: "Nursing" });
    expect(byName.get("Skilled")).not.toHaveProperty("otherInterestDetail");
    expect(byName.get("Other One")).toMatchObject({ otherInterestDetail: "Radio" });
    expect(byName.get("Other One")).not.toHaveProperty("skillSet");
    expect(byName.get("Events")).not.toHaveProperty("skillSet");
    expect(byName.get("Events")).not.toHaveProperty("otherInterestDetail");
  });

  it("never lets a visitor set the status, id or creation date, and drops unknown fields", async () => {
    const response = await submit(
      application({
        fullName: "Mass Assigner",
        status: "Accepted",
        _id: "chosen-id",
        id: "chosen-id",
        createdAt: "2001-01-01T00:00:00.000Z",
        isAdmin: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const stored = (await list()).find((a) => a.fullName === "Mass Assigner");
    expect(stored?.status).toBe("Pending");
    expect(stored?._id).not.toBe("chosen-id");
    expect(stored?.createdAt).not.toBe("2001-01-01T00:00:00.000Z");
    expect(stored).not.toHaveProperty("isAdmin");
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = (await list()).length;
    const response = await submit(application({ fullName: "Bot", fax_number: "555-0100" }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual((await submit(application({ fullName: "Human" }))).json());
    const names = (await list()).map((a) => a.fullName);
    expect(names).toHaveLength(before + 1);
    expect(names).not.toContain("Bot");
  });

  it("limits submissions per IP with a clear 429", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) expect((await submit({}, ip)).statusCode).toBe(400);
    const limited = await submit(application(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await submit(application({ fullName: "Another visitor" }))).statusCode).toBe(201);
  });

  it("sets any of the five statuses in bulk, and none when an id is unknown or missing", async () => {
    const ids = (await list()).slice(0, 3).map((a) => String(a._id));
    const put = (payload: unknown) =>
      t.app.inject({ method: "PUT", url: "/api/volunteer/status", headers, payload: payload as object });

    const ok = await put({ ids, status: "Contacted" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ updated: 3, status: "Contacted" });

    const mixed = await put({ ids: [ids[0], "no-such-application"], status: "Canceled" });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe("1 of the selected items no longer exist. Reload the list and try again.");
    expect((await put({ ids: [], status: "Canceled" })).statusCode).toBe(400);
    expect((await put({ status: "Canceled" })).json().message).toBe("Select at least one item.");
    expect((await put({ ids, status: "Hired" })).json().fields.status).toBe("Please choose a valid status");

    const statuses = new Map((await list()).map((a) => [a._id, a.status]));
    for (const id of ids) expect(statuses.get(id)).toBe("Contacted");
    for (const status of ["Pending", "Accepted", "Rejected", "Canceled"]) {
      expect((await put({ ids: [ids[0]], status })).statusCode).toBe(200);
    }
  });

  it("counts pending applications in the database for the dashboard", async () => {
    const pendingCount = async () =>
      (await t.app.inject({ url: "/api/volunteer/pending-count", headers })).json<{ count: number }>().count;
    const pendingInList = async () => (await list()).filter((a) => a.status === "Pending").length;
    const before = await pendingCount();
    expect(before).toBe(await pendingInList());
    expect((await submit(application({ fullName: "Counted Applicant" }))).statusCode).toBe(201);
    expect(await pendingCount()).toBe(before + 1);
    const [newest] = await list();
    await t.app.inject({
      method: "PUT",
      url: "/api/volunteer/status",
      headers,
      payload: { ids: [newest?._id], status: "Accepted" },
    });
    expect(await pendingCount()).toBe(before);
    expect((await t.app.inject({ url: "/api/volunteer/pending-count" })).statusCode).toBe(401);
  });

  it("deletes in bulk, and nothing when an id is unknown", async () => {
    const ids = (await list()).slice(0, 2).map((a) => String(a._id));
    const del = (payload: unknown) =>
      t.app.inject({ method: "DELETE", url: "/api/volunteer", headers, payload: payload as object });
    const mixed = await del({ ids: [...ids, "ghost"] });
    expect(mixed.statusCode).toBe(400);
    expect((await list()).map((a) => a._id)).toEqual(expect.arrayContaining(ids));
    expect((await del({ ids: [] })).statusCode).toBe(400);
    const ok = await del({ ids });
    expect(ok.json()).toEqual({ deleted: 2 });
    expect((await list()).map((a) => a._id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it("serves 5000 applications in one newest-first list", async () => {
    const { db } = t.database;
    const base = Date.parse("2025-01-01T00:00:00Z");
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, "0")}`,
      full_name: `Bulk Applicant ${i}`,
      email: `bulk${i}@example.org`,
      phone: "0911000000",
      age: 30,
      interest: "General Support",
      motivation: "Help",
      availability: "Flexible",
      status: "Pending",
      created_at: new Date(base + i * 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto("volunteer_applications")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const all = await list();
    expect(all.length).toBeGreaterThanOrEqual(5000);
    const bulk = all.filter((a) => String(a._id).startsWith("bulk-"));
    expect(bulk[0]?.fullName).toBe("Bulk Applicant 4999");
    expect(bulk.at(-1)?.fullName).toBe("Bulk Applicant 0");
    const cancel = await t.app.inject({
      method: "PUT",
      url: "/api/volunteer/status",
      headers,
      payload: { ids: rows.map((r) => r.id), status: "Canceled" },
    });
    expect(cancel.json()).toEqual({ updated: 5000, status: "Canceled" });
  });
});
