import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayOpen } from "../../core/access/admin-screens.ts";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

describe.each(DIALECTS)("site content API on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let now = new Date("2026-11-22T08:00:00Z");
  const tick = () => {
    now = new Date(now.getTime() + 60_000);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now, config: { publicSiteUrl: "https://hope.example" } });
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  const editor = async (section: string) =>
    (await t.app.inject({ url: `/api/site-content/${section}`, headers })).json();
  const save = (section: string, revision: number, content: unknown, as = headers) =>
    t.app.inject({ method: "PUT", url: `/api/site-content/${section}`, headers: as, payload: { revision, content } });
  const publish = (section: string, revision: number) =>
    t.app.inject({ method: "POST", url: `/api/site-content/${section}/publish`, headers, payload: { revision } });
  const withFigure = (value: number) => ({
    ...DEFAULT_SITE_CONTENT.home,
    impactFigures: DEFAULT_SITE_CONTENT.home.impactFigures.map((figure, index) =>
      index === 2 ? { ...figure, value } : figure,
    ),
  });

  it("serves today's content to the public before anything is published, with absolute image URLs", async () => {
    const response = await t.app.inject({ url: "/api/site-content" });
    expect(response.statusCode).toBe(200);
    const content = response.json();
    expect(Object.keys(content)).toEqual(["home", "about", "donating", "contact", "privacy"]);
    expect(content.home.impactFigures).toEqual(DEFAULT_SITE_CONTENT.home.impactFigures);
    expect(content.donating).toMatchObject({ presets: [25, 50, 100], defaultAmount: 50 });
    expect(content.about.board[0].image.url).toBe("https://hope.example/images/avatar-board-chair-320.jpg");
    const state = await editor("home");
    expect(state).toMatchObject({ revision: 0, hasUnpublishedChanges: false, lastVersion: 0 });
    expect(state.draft).toEqual(DEFAULT_SITE_CONTENT.home);
  });

  it("keeps staff routes and the screen for Editors and Administrators only", async () => {
    expect(["administrator", "editor", "inbox"].map((role) => mayOpen(role as "editor", "/admin/site/home"))).toEqual([
      true,
      true,
      false,
    ]);
    expect((await t.app.inject({ url: "/api/site-content/home" })).statusCode).toBe(401);
    expect((await save("home", 0, DEFAULT_SITE_CONTENT.home, await t.staffHeaders("inbox"))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: "/api/site-content/home", headers: await t.staffHeaders("editor") })).statusCode,
    ).toBe(200);
  });

  it("answers 404 for an unknown section and 400 with field messages for an invalid one", async () => {
    expect((await t.app.inject({ url: "/api/site-content/pricing", headers })).json()).toEqual({
      message: "There is no such section of site content.",
    });
    expect((await save("pricing", 0, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/site-content/home/versions", headers })).statusCode).toBe(200);

    const invalid = await save("home", 0, {
      ...DEFAULT_SITE_CONTENT.home,
      impactFigures: [{ value: -1, suffix: "+", label: "" }],
      donationNeeds: [],
      introHeading: "x".repeat(121),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      introHeading: "Introduction heading: please keep this under 120 characters",
      "impactFigures.0.value": "Value must be at least 0",
      "impactFigures.0.label": "Label is required",
      donationNeeds: "Donation needs: add at least 1",
    });
    const amounts = await save("donating", 0, { ...DEFAULT_SITE_CONTENT.donating, defaultAmount: 75 });
    expect(amounts.json().fields).toEqual({ defaultAmount: "The default amount must be one of the preset amounts." });
    expect((await save("home", -1, DEFAULT_SITE_CONTENT.home)).statusCode).toBe(400);
    const [chair, legal] = DEFAULT_SITE_CONTENT.about.board;
    const twins = await save("about", 0, {
      ...DEFAULT_SITE_CONTENT.about,
      board: [chair, { ...legal, id: chair?.id }],
    });
    expect(twins.json().fields).toEqual({ "board.1.id": "Two items of this list have the same id." });
  });

  it("keeps a saved draft from the public until it is published, then shows it at once and keeps a version", async () => {
    tick();
    const saved = await save("home", 0, withFigure(34));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 1, hasUnpublishedChanges: true, draftSavedBy: TEST_ADMIN.email });
    expect((await t.app.inject({ url: "/api/site-content" })).json().home.impactFigures[2].value).toBe(33);

    tick();
    const published = await publish("home", 1);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      hasUnpublishedChanges: false,
      lastVersion: 1,
      publishedBy: TEST_ADMIN.email,
    });
    expect((await t.app.inject({ url: "/api/site-content" })).json().home.impactFigures[2].value).toBe(34);

    const versions = (await t.app.inject({ url: "/api/site-content/home/versions", headers })).json().versions;
    expect(versions).toEqual([{ number: 1, createdAt: now.toISOString(), createdBy: TEST_ADMIN.email }]);
  });

  it("refuses a stale save with a clear message and leaves the newer draft alone", async () => {
    const first = await save("home", 1, withFigure(35));
    expect(first.statusCode).toBe(200);
    const stale = await save("home", 1, withFigure(99));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message:
        "Someone else saved this section after you opened it, so your changes were not saved. They are still in the form: copy what you need, then load the latest version, or replace theirs with yours.",
    });
    expect((await publish("home", 1)).statusCode).toBe(409);
    expect((await editor("home")).draft.impactFigures[2].value).toBe(35);
  });

  it("compares with and restores a kept version into the draft, to publish as a new version", async () => {
    tick();
    expect((await publish("home", 2)).statusCode).toBe(200);
    const old = (await t.app.inject({ url: "/api/site-content/home/versions/1", headers })).json();
    expect(old).toMatchObject({ number: 1, createdBy: TEST_ADMIN.email });
    expect(old.content.impactFigures[2].value).toBe(34);
    expect((await t.app.inject({ url: "/api/site-content/home/versions/9", headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/site-content/home/versions/x", headers })).statusCode).toBe(404);

    const restore = (revision: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/site-content/home/versions/1/restore",
        headers,
        payload: { revision },
      });
    expect((await restore(1)).statusCode).toBe(409);
    const restored = await restore(2);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ revision: 3, hasUnpublishedChanges: true });
    expect(restored.json().draft.impactFigures[2].value).toBe(34);
    expect((await t.app.inject({ url: "/api/site-content" })).json().home.impactFigures[2].value).toBe(35);

    expect((await publish("home", 3)).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/site-content" })).json().home.impactFigures[2].value).toBe(34);
    const numbers = (await t.app.inject({ url: "/api/site-content/home/versions", headers }))
      .json()
      .versions.map((v: { number: number }) => v.number);
    expect(numbers).toEqual([3, 2, 1]);
  });

  it("records publishing and restoring in the audit log", async () => {
    const rows = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id", "changes"])
      .where("entity", "=", "site-content")
      .orderBy("at")
      .execute();
    const published = rows
      .filter((row) => row.action === "publish")
      .map((row) => JSON.parse(row.changes).values.version);
    // Some publishes share a clock reading, so their order in the log is not theirs.
    expect(published.sort()).toEqual([1, 2, 3]);
    expect(rows.some((row) => JSON.parse(row.changes).values.restoredVersion === 1)).toBe(true);
  });

  it("sanitises rich text like posts", async () => {
    const saved = await save("about", 0, {
      ...DEFAULT_SITE_CONTENT.about,
      story: '<p onclick="x()">Our story<script>alert(1)</script></p><iframe src="https://evil.example"></iframe>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.story).toBe("<p>Our story</p>");
  });

  it("refuses rich text that sanitises to nothing, on that field, and keeps the draft as it was", async () => {
    const before = await editor("home");
    const emptied = await save("home", before.revision, {
      ...withFigure(41),
      introText: "<script>alert(1)</script><style>p{}</style>",
    });
    expect(emptied.statusCode).toBe(400);
    const message =
      "Nothing is left of this text once the markup the site does not allow (scripts, styles, embedded frames) is removed. Type the text in the editor.";
    expect(emptied.json()).toEqual({ message, fields: { introText: message } });
    const after = await editor("home");
    expect(after.revision).toBe(before.revision);
    expect(after.draft).toEqual(before.draft);
  });

  it("takes pictures through the media pipeline and keeps them from the leftover sweep while a draft names them", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", fileBlob(png), "portrait.png");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/site-content/images",
      ...(await multipartPayload(form, headers)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json();
    expect(image.url).toMatch(/^\/uploads\/site\/[0-9a-f-]+-40\.jpg$/);

    const { draft, revision } = await editor("about");
    const board = draft.board.map((member: object, index: number) => (index === 0 ? { ...member, image } : member));
    expect((await save("about", revision, { ...draft, board })).statusCode).toBe(200);
    const { referencedImages } = await import("../../core/media/upload-references.ts");
    const { createStorage } = await import("../../core/media/storage.ts");
    const owned = await referencedImages(t.database.db, createStorage(t.config));
    expect(owned.has(image.url.replace("/uploads/", "").replace(/-40\.jpg$/, ""))).toBe(true);
  });

  it("refuses a draft naming a picture the leftover sweep removed, on that picture's field", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#b4430e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", fileBlob(png), "late.png");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/site-content/images",
      ...(await multipartPayload(form, headers)),
    });
    const image = uploaded.json();
    // The form stayed open for more than the sweep's hour without saving: the sweep found the files unowned.
    const { sweepUploadLeftovers, LEFTOVER_MIN_AGE_MS } = await import("../../core/media/upload-leftovers.ts");
    const { createStorage } = await import("../../core/media/storage.ts");
    await sweepUploadLeftovers(t.database.db, createStorage(t.config), new Date(Date.now() + 2 * LEFTOVER_MIN_AGE_MS));

    const { draft, revision } = await editor("about");
    const board = draft.board.map((member: object, index: number) => (index === 1 ? { ...member, image } : member));
    const refused = await save("about", revision, { ...draft, board });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      "board.1.image":
        "This picture was removed because it was not saved within an hour of uploading it. Please choose it again, then save.",
    });
    expect((await editor("about")).revision).toBe(revision);
  });
});
