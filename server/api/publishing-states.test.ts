import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapSources } from "../../app/lib/sitemap.ts";

import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

/**
 * Drafts, schedules and unpublishing, for every content type, through the API. A draft
 * is a 404 to the public and absent from every public list; staff read it; a create that names no
 * status publishes at once (spec §7 clients); a scheduled item goes live through the job at its time.
 */
type Kind = "blogs" | "publications" | "gallery" | "videos";
const KINDS: Kind[] = ["blogs", "publications", "gallery", "videos"];

const FIELDS: Record<Kind, Record<string, string>> = {
  blogs: { title: "A post", excerpt: "Short.", authorName: "Hanna", content: "<p>Words enough for a post.</p>" },
  publications: {
    title: "A report",
    description: "What we did.",
    link: "https://example.org/report.pdf",
    publicationDate: "2026-01-01",
  },
  gallery: { title: "A day", description: "Sewing class.", category: "Education", eventDate: "2026-01-01" },
  videos: {
    title: "A film",
    description: "A mother's story.",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    category: "Testimonials",
  },
};
const FILE_FIELD: Partial<Record<Kind, string>> = { blogs: "image", publications: "image", gallery: "images" };

/** The ids a public list answer holds. */
function idsOf(kind: Kind, body: unknown): string[] {
  const list =
    kind === "gallery"
      ? (body as { images: Array<{ _id: string }> }).images
      : kind === "videos"
        ? (body as { videos: Array<{ _id: string }> }).videos
        : (body as Array<{ _id: string }>);
  return list.map((item) => item._id);
}

describe.each(DIALECTS)("publishing states on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let png: Buffer;
  let now = new Date("2026-03-01T09:00:00Z");

  async function write(kind: Kind, method: "POST" | "PUT", url: string, extra: Record<string, string>) {
    const fields = { ...FIELDS[kind], ...extra };
    const fileField = FILE_FIELD[kind];
    if (!fileField) return t.app.inject({ method, url, headers: auth, payload: fields });
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (method === "POST") form.append(fileField, fileBlob(png), "photo.png");
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }
  async function create(kind: Kind, extra: Record<string, string> = {}) {
    const response = await write(kind, "POST", `/api/${kind}`, extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string; status: string; publishAt: string | null }>();
  }
  const publicIds = async (kind: Kind) => idsOf(kind, (await t.app.inject({ url: `/api/${kind}` })).json());
  const staffIds = async (kind: Kind, status = "") => {
    const response = await t.app.inject({ url: `/api/admin/${kind}?status=${status}`, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    return idsOf(kind, response.json());
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now, config: { pageCacheSeconds: 60 } });
    auth = await t.adminHeaders();
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#b4430e" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it.each(KINDS)("%s: a create without a status publishes at once, as spec §7 clients expect", async (kind) => {
    const item = await create(kind);
    expect(item).toMatchObject({ status: "published", publishAt: null });
    expect(await publicIds(kind)).toContain(item._id);
    expect((await t.app.inject({ url: `/api/${kind}/${item._id}` })).statusCode).toBe(200);
  });

  it.each(KINDS)("%s: a draft is a 404 to the public, missing from public lists, and read by staff", async (kind) => {
    const draft = await create(kind, { status: "draft" });
    expect(draft.status).toBe("draft");
    const open = await t.app.inject({ url: `/api/${kind}/${draft._id}` });
    expect(open.statusCode).toBe(404);
    expect(await publicIds(kind)).not.toContain(draft._id);
    const staff = await t.app.inject({ url: `/api/admin/${kind}/${draft._id}`, headers: auth });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ _id: draft._id, status: "draft" });
    expect(await staffIds(kind)).toContain(draft._id);
    expect(await staffIds(kind, "draft")).toContain(draft._id);
    expect(await staffIds(kind, "published")).not.toContain(draft._id);
    // The staff routes are staff routes.
    expect((await t.app.inject({ url: `/api/admin/${kind}/${draft._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/admin/${kind}` })).statusCode).toBe(401);
  });

  it.each(KINDS)("%s: unpublishing takes it off the cached public list at once", async (kind) => {
    const item = await create(kind);
    expect(await publicIds(kind)).toContain(item._id); // fills the API cache where the list is cacheable
    const saved = await write(kind, "PUT", `/api/${kind}/${item._id}`, { status: "draft" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe("draft");
    expect(await publicIds(kind)).not.toContain(item._id);
    expect((await t.app.inject({ url: `/api/${kind}/${item._id}` })).statusCode).toBe(404);
    // An update that names no status keeps the state.
    const again = await write(kind, "PUT", `/api/${kind}/${item._id}`, {});
    expect(again.json().status).toBe("draft");
  });

  it.each(KINDS)("%s: a scheduled item goes live through the job at its time, not before", async (kind) => {
    // 12:00 in Addis Ababa (UTC+3) is 09:00 UTC; the form sends the organisation's wall-clock time.
    now = new Date("2026-03-01T08:00:00Z");
    const item = await create(kind, { status: "scheduled", publishAt: "2026-03-01T12:00" });
    expect(item).toMatchObject({ status: "scheduled", publishAt: "2026-03-01T09:00:00.000Z" });
    expect(await publicIds(kind)).not.toContain(item._id);
    now = new Date("2026-03-01T08:59:59Z");
    await t.services.jobs.runDue();
    expect(await publicIds(kind)).not.toContain(item._id);
    now = new Date("2026-03-01T09:00:00Z");
    expect((await t.services.jobs.runDue()).done).toBeGreaterThanOrEqual(1);
    expect(await publicIds(kind)).toContain(item._id);
    const live = await t.app.inject({ url: `/api/${kind}/${item._id}` });
    expect(live.json()).toMatchObject({ status: "published", publishAt: null });
  });

  it("refuses a schedule without a time, with a time in the past, or an unknown status", async () => {
    now = new Date("2026-03-01T09:00:00Z");
    const missing = await write("videos", "POST", "/api/videos", { status: "scheduled" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Choose the date and time to publish at.");
    const past = await write("videos", "POST", "/api/videos", { status: "scheduled", publishAt: "2026-03-01T11:59" });
    expect(past.json().message).toBe("Choose a publishing time in the future.");
    const zoned = await write("videos", "POST", "/api/videos", {
      status: "scheduled",
      publishAt: "2026-03-01T10:00:00Z",
    });
    expect(zoned.json()).toMatchObject({ status: "scheduled", publishAt: "2026-03-01T10:00:00.000Z" });
    const unknown = await write("videos", "POST", "/api/videos", { status: "hidden" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("status must be one of: draft, scheduled, published.");
  });

  it("the sitemap lists published posts only; the audit log records the state and the job's publish", async () => {
    now = new Date("2026-03-02T09:00:00Z");
    auth = await t.adminHeaders(); // the day's first sign-in: yesterday's session has ended
    const draft = await create("blogs", { status: "draft" });
    const published = await create("blogs");
    const entries = (await Promise.all(sitemapSources.map((source) => source(t.services)))).flat();
    const paths = entries.map((entry) => entry.path);
    expect(paths).toContain(`/blog/${published._id}`);
    expect(paths).not.toContain(`/blog/${draft._id}`);
    const feed = await t.services.blogs.latest(50);
    expect(feed.map((post) => post._id)).not.toContain(draft._id);

    const scheduled = await create("blogs", { status: "scheduled", publishAt: "2026-03-02T10:00:00Z" });
    now = new Date("2026-03-02T10:00:00Z");
    await t.services.jobs.runDue();
    const log = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "changes"])
      .where("entity_id", "=", scheduled._id)
      .orderBy("at")
      .execute();
    expect(log.map((row) => [row.action, row.actor_email])).toEqual([
      ["create", TEST_ADMIN.email],
      ["publish", "system"],
    ]);
    expect(JSON.parse(log[0]?.changes ?? "{}").values).toEqual({ status: "scheduled" });
  });
});
