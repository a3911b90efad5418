import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { jpegWithGps } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { sitePath } from "../../tests/support/site-url.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/** A picture the variant job gave up on: staff see why and try again (docs/decisions/0730). */

describe.each(DIALECTS)("pictures that could not be prepared, on %s", (dialect) => {
  let t: TestApp;
  let editor: { authorization: string };
  let now = new Date("2026-06-01T08:00:00Z");

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    editor = await t.staffHeaders("editor");
  });
  afterAll(() => t.close());

  it("lists a gallery picture whose job gave up, with the reason in plain words, and runs it again", async () => {
    const photo = await jpegWithGps({ width: 1200, height: 800 });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Sewing class",
      description: "Mothers learn to sew.",
      category: "Education",
      eventDate: "2026-04-02",
    }))
      form.append(name, value);
    form.append("images", fileBlob(photo), "class.jpg");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/gallery",
      ...(await multipartPayload(form, editor)),
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    const url = sitePath(item.images[0].url, t.config.publicSiteUrl);
    const source = path.join(t.config.dataDir, "uploads", url.replace(/^\/uploads\//, ""));
    const good = readFileSync(source);

    // The stored file is damaged: every attempt fails, until the job gives up (10 tries over about an hour).
    writeFileSync(source, "not a picture at all");
    for (let attempt = 0; attempt < 10; attempt++) {
      await t.services.jobs.runDue();
      now = new Date(now.getTime() + 30 * 60_000);
    }
    expect(await t.services.jobs.state({ key: `variants:${url}` })).toMatchObject({ status: "failed", attempts: 10 });

    const listed = await t.app.inject({ url: "/api/admin/pictures/unprepared", headers: editor });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      pictures: [
        {
          url,
          kind: "gallery",
          item: { id: item._id, title: "Sewing class" },
          reason:
            "The uploaded file is damaged or is not a picture the site can read. Upload it again, or another file.",
          error: expect.any(String),
          failedAt: expect.any(String),
        },
      ],
    });

    // Put right (here: the file back), an Editor tries again: the same job, all its attempts back.
    writeFileSync(source, good);
    const retried = await t.app.inject({
      method: "POST",
      url: "/api/admin/pictures/retry",
      headers: editor,
      payload: { url },
    });
    expect(retried.statusCode, retried.body).toBe(204);
    expect(await t.services.jobs.state({ key: `variants:${url}` })).toMatchObject({ status: "queued", attempts: 0 });
    const jobs = await t.database.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("key", "=", `variants:${url}`)
      .executeTakeFirstOrThrow();
    expect(Number(jobs.n)).toBe(1);
    const audit = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity", "entity_id", "actor_email"])
      .where("action", "=", "retry")
      .execute();
    expect(audit).toEqual([
      { action: "retry", entity: "gallery-item", entity_id: item._id, actor_email: expect.stringContaining("@") },
    ]);

    await t.services.jobs.runDue();
    const done = (await t.app.inject({ url: `/api/admin/gallery/${item._id}`, headers: editor })).json();
    expect(done.images[0].processing).toBeUndefined();
    expect(done.images[0].variants).toHaveLength(9);
    expect((await t.app.inject({ url: "/api/admin/pictures/unprepared", headers: editor })).json()).toEqual({
      pictures: [],
    });

    // Nothing failed any more: trying again is refused, and nothing is recorded.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/admin/pictures/retry",
      headers: editor,
      payload: { url },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This picture is not waiting to be tried again.");
  });

  it("is for Editors and Administrators only", async () => {
    const inbox = await t.staffHeaders("inbox");
    expect((await t.app.inject({ url: "/api/admin/pictures/unprepared", headers: inbox })).statusCode).toBe(403);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/pictures/retry",
      headers: inbox,
      payload: { url: "/uploads/gallery/x-800.jpg" },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/pictures/unprepared" })).statusCode).toBe(401);
    const admin = await t.adminHeaders();
    expect((await t.app.inject({ url: "/api/admin/pictures/unprepared", headers: admin })).statusCode).toBe(200);
  });
});
