import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapSources } from "../../app/lib/sitemap.ts";
import { CONSENT_EXPIRY_JOB } from "../../core/consent/consent.service.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * Consent for every image (docs/decisions/0301-image-consent.md): the publish guard for each consent case, withdrawal removing
 * every file and every public trace, and expiry withdrawing as a person would.
 */
describe.each(DIALECTS)("image consent on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let now = new Date("2026-03-01T09:00:00Z");
  const image = (colour: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const files = (folder: string) => {
    try {
      return readdirSync(path.join(t.config.dataDir, "uploads", folder));
    } catch {
      return [];
    }
  };

  async function send(method: "POST" | "PUT", url: string, fields: Record<string, string>, images: Buffer[] = []) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const bytes of images) form.append(url.includes("gallery") ? "images" : "image", fileBlob(bytes), "a.png");
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }
  const galleryFields = {
    title: "Sewing day",
    description: "At Kality.",
    category: "Education",
    eventDate: "2026-01-01",
  };
  const blogFields = {
    title: "A post",
    excerpt: "Short.",
    authorName: "Hanna",
    content: "<p>Words enough for a post.</p>",
  };
  const record = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/admin/consent", headers: auth, payload });

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now, config: { pageCacheSeconds: 60 } });
    auth = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("refuses to publish an image without consent or a child without a guardian's consent, and says which image", async () => {
    const created = await send("POST", "/api/gallery", { ...galleryFields, status: "draft" }, [
      await image("#111111"),
      await image("#222222"),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<{ _id: string; imageUrls: string[] }>();
    const [first, second] = item.imageUrls as [string, string];
    const publish = () => send("PUT", `/api/gallery/${item._id}`, { ...galleryFields, status: "published" });

    expect((await record({ imageUrl: second, basis: "not-yet" })).statusCode).toBe(200);
    const refused = await publish();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Image 2 has no consent yet: record its consent, or keep the item a draft.");

    expect((await record({ imageUrl: second, basis: "no-identifiable-people", minor: true })).statusCode).toBe(200);
    expect((await publish()).json().message).toBe(
      "Image 2 shows a child without consent from a parent or guardian: record its consent, or keep the item a draft.",
    );
    const adultConsent = { basis: "on-file", minor: true, givenBy: "Meron", givenOn: "2026-02-01" };
    expect((await record({ imageUrl: second, ...adultConsent })).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(400);

    const missing = await record({ imageUrl: second, basis: "on-file" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ givenBy: expect.any(String), givenOn: expect.any(String) });

    expect((await record({ imageUrl: second, ...adultConsent, byGuardian: true })).statusCode).toBe(200);
    // The first image came without a consent field: not recorded, which does not block (spec clients).
    const published = await publish();
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe("published");
    const stored = await t.app.inject({
      url: `/api/admin/consent?imageUrl=${encodeURIComponent(first)}`,
      headers: auth,
    });
    expect(stored.json()).toEqual({ consent: null });
  });

  it("a scheduled item whose image lost its consent meanwhile goes back to draft instead of live", async () => {
    now = new Date("2026-03-01T09:00:00Z");
    const post = (
      await send("POST", "/api/blogs", { ...blogFields, status: "scheduled", publishAt: "2026-03-01T10:00:00Z" }, [
        await image("#777777"),
      ])
    ).json();
    expect(post.status).toBe("scheduled");
    expect((await record({ imageUrl: post.imageUrl, basis: "not-yet" })).statusCode).toBe(200);
    now = new Date("2026-03-01T10:00:00Z");
    await t.services.jobs.runDue();
    expect((await t.app.inject({ url: `/api/blogs/${post._id}` })).statusCode).toBe(404);
    const staff = (await t.app.inject({ url: `/api/admin/blogs/${post._id}`, headers: auth })).json();
    expect(staff).toMatchObject({ status: "draft", publishAt: null });
    const log = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "changes"])
      .where("entity_id", "=", post._id)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect([log.action, log.actor_email]).toEqual(["unpublish", "system"]);
    expect(JSON.parse(log.changes).values).toEqual({ status: "draft", reason: "consent" });
  });

  it("lists public images without recorded consent and consent ending within 30 days", async () => {
    const post = (await send("POST", "/api/blogs", blogFields, [await image("#333333")])).json();
    const attention = async () =>
      (await t.app.inject({ url: "/api/admin/consent/attention", headers: auth })).json<
        Array<{ imageUrl: string; reason: string; entity: string; entityId: string }>
      >();
    expect(await attention()).toContainEqual(
      expect.objectContaining({ imageUrl: post.imageUrl, reason: "not-recorded", entity: "blog", entityId: post._id }),
    );
    await record({
      imageUrl: post.imageUrl,
      basis: "on-file",
      givenBy: "Selam",
      givenOn: "2026-01-01",
      expiresOn: "2026-03-25",
    });
    expect(await attention()).toContainEqual(expect.objectContaining({ imageUrl: post.imageUrl, reason: "expiring" }));
    await record({
      imageUrl: post.imageUrl,
      basis: "on-file",
      givenBy: "Selam",
      givenOn: "2026-01-01",
      expiresOn: "2027-01-01",
    });
    expect((await attention()).map((item) => item.imageUrl)).not.toContain(post.imageUrl);
  });

  it("withdrawal takes the image off every public page, answer, feed and cache, deletes its files and unpublishes a post with no other image", async () => {
    const before = files("blog").length;
    const post = (
      await send("POST", "/api/blogs", { ...blogFields, title: "Withdrawn" }, [await image("#444444")])
    ).json();
    expect(files("blog").length).toBeGreaterThan(before);
    expect((await t.app.inject({ url: "/api/blogs" })).body).toContain(post._id); // cached now
    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/admin/consent/withdraw",
      headers: auth,
      payload: { imageUrl: post.imageUrl },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ unpublished: [post._id] });
    expect(files("blog").length).toBe(before);
    expect((await t.app.inject({ url: "/api/blogs" })).body).not.toContain(post._id);
    expect((await t.app.inject({ url: `/api/blogs/${post._id}` })).statusCode).toBe(404);
    const sitemap = (await Promise.all(sitemapSources.map((source) => source(t.services)))).flat();
    expect(sitemap.map((entry) => entry.path)).not.toContain(`/blog/${post._id}`);
    expect((await t.services.blogs.latest(50)).map((p) => p._id)).not.toContain(post._id);
    // Staff see the draft with a drawn stand-in, never a link to the deleted file.
    const draft = (await t.app.inject({ url: `/api/admin/blogs/${post._id}`, headers: auth })).json();
    expect(draft).toMatchObject({ status: "draft", imageUrl: expect.stringMatching(/\/images\/story-\d+\.jpg$/) });
    expect(JSON.stringify(draft)).not.toContain(post.imageUrl);
  });

  it("withdrawal takes the picture off sent newsletters' archive pages and drafts too", async () => {
    const post = (
      await send("POST", "/api/blogs", { ...blogFields, title: "In a newsletter", status: "published" }, [
        await image("#555555"),
      ])
    ).json();
    const fromPost = (postId: string) =>
      t.app.inject({ method: "POST", url: "/api/newsletters/from-post", headers: auth, payload: { postId } });
    const sent = (await fromPost(post._id)).json();
    const draft = (await fromPost(post._id)).json();
    const stored = new URL(post.imageUrl).pathname;
    expect(sent.imageUrl).toBe(stored);
    // Sent and on the archive, as the sending job leaves it.
    await t.database.db
      .updateTable("newsletters")
      .set({ state: "sent", sent_at: now.toISOString(), send_started_at: now.toISOString(), recipients: 0 })
      .where("id", "=", sent._id)
      .execute();
    expect((await t.services.newsletters.archived(sent._id)).imageUrl).toBe(stored);

    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/admin/consent/withdraw",
      headers: auth,
      payload: { imageUrl: post.imageUrl },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const archived = await t.services.newsletters.archived(sent._id);
    expect(archived.imageUrl).toBe("");
    expect(JSON.stringify(await t.services.newsletters.archive())).not.toContain(stored);
    expect((await t.services.newsletters.get(draft._id)).imageUrl).toBe("");
    const logged = await t.database.db
      .selectFrom("audit_log")
      .select(["entity_id", "changes"])
      .where("entity", "=", "newsletter")
      .where("action", "=", "update")
      .execute();
    expect(logged.map((row) => row.entity_id).sort()).toEqual([sent._id, draft._id].sort());
    expect(JSON.parse(logged[0]?.changes ?? "{}").values).toEqual({ consent: "withdrawn" });
  });

  it("withdrawal from a gallery item with other images removes that image only; expiry withdraws the same way", async () => {
    const item = (
      await send("POST", "/api/gallery", galleryFields, [await image("#555555"), await image("#666666")])
    ).json<{ _id: string; imageUrls: string[] }>();
    const [first, second] = item.imageUrls as [string, string];
    const before = files("gallery").length;
    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/admin/consent/withdraw",
      headers: auth,
      payload: { imageUrl: first },
    });
    expect(withdrawn.json()).toEqual({ unpublished: [] });
    const left = (await t.app.inject({ url: `/api/gallery/${item._id}` })).json();
    expect(left.imageUrls).toEqual([second]);
    expect(files("gallery").length).toBeLessThan(before);

    await record({
      imageUrl: second,
      basis: "on-file",
      givenBy: "Hanna",
      givenOn: "2026-01-01",
      expiresOn: "2026-03-02",
    });
    now = new Date("2026-03-03T09:00:00Z");
    auth = await t.adminHeaders();
    await t.services.jobs.scheduleRecurring();
    await t.services.jobs.runDue();
    expect((await t.services.jobs.state({ key: `recurring:${CONSENT_EXPIRY_JOB}` }))?.lastError ?? null).toBeNull();
    expect((await t.app.inject({ url: `/api/gallery/${item._id}` })).statusCode).toBe(404);
    const staff = (await t.app.inject({ url: `/api/admin/gallery/${item._id}`, headers: auth })).json();
    expect(staff).toMatchObject({ status: "draft", imageUrls: [] });
    const log = await t.database.db
      .selectFrom("audit_log")
      .select(["actor_email", "changes"])
      .where("entity_id", "=", item._id)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(log.actor_email).toBe("system");
    expect(JSON.parse(log.changes).values).toEqual({ consent: "withdrawn", status: "draft" });
  });
});
