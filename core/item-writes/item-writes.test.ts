import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import { type Actor, createAudit } from "../audit/audit.ts";
import { createJobQueue } from "../jobs/jobs.service.ts";
import type { StoredImage } from "../media/media.schema.ts";
import { publicationKind } from "../publications/publications.item-kind.ts";
import { ValidationError } from "../shared/errors.ts";
import { createScheduledPublishing } from "../versions/scheduled-publishing.ts";
import { createItemWrites, type ItemKind } from "./item-writes.ts";

/**
 * The one write sequence at its edges (docs/decisions/0601-item-writes.md), with the publication
 * kind on a real database, a media store that only counts files, and a purge that looks at what
 * has committed when it runs.
 */
const ACTOR: Actor = { id: null, email: "editor@hopebehindbars.test", ip: "" };
const FIELDS = {
  title: "Annual report",
  description: "What we did this year.",
  link: "https://example.org/report.pdf",
  publicationDate: "2026-01-01",
};
const REFUSED = "/uploads/publications/refused.jpg";
const PICTURE = new Uint8Array([1, 2, 3]);

describe.each(DIALECTS)("item writes on %s", (dialect) => {
  let database: TestDatabase;
  let now = new Date("2026-03-01T09:00:00Z");
  const clock = () => now;
  /** The audit log is read in time order: each write a minute after the last. */
  const later = () => {
    now = new Date(now.getTime() + 60_000);
  };
  /** Every event the sequence causes, in order. */
  let events: string[];
  let stored: number;
  /** What the next stored image's URL is (REFUSED makes the publishable check refuse it). */
  let nextUrl: string | undefined;

  const media = {
    async storeSource(): Promise<StoredImage> {
      const url = nextUrl ?? `/uploads/publications/${++stored}.jpg`;
      nextUrl = undefined;
      events.push(`store ${url}`);
      return { url, width: 4, height: 3, variants: [] };
    },
    async removeImage(image: Pick<StoredImage, "url"> | null | undefined) {
      if (!image) return;
      const row = await database.db
        .selectFrom("publications")
        .select("image_url")
        .where("image_url", "=", image.url)
        .executeTakeFirst();
      events.push(`remove ${image.url}${row ? " (still shown)" : ""}`);
    },
  };
  async function purgePublicCaches() {
    const rows = await database.db.selectFrom("publications").select(["title", "status"]).execute();
    events.push(`purge ${rows.map((row) => `${row.title}:${row.status}`).join(",")}`);
  }

  function writesWith(kind: ItemKind<any, any> = publicationKind) {
    const jobs = createJobQueue({ database, clock });
    const audit = createAudit({ clock });
    const scheduling = createScheduledPublishing({
      db: database.db,
      clock,
      jobs,
      audit,
      purgePublicCaches,
      publishGuard: async (_trx, urls) => {
        if (urls.includes(REFUSED)) throw new ValidationError("This photo may not be shown yet.");
      },
    });
    // As server/job-handlers.ts registers it for the site.
    jobs.register(scheduling.publishJob);
    return createItemWrites({ db: database.db, media, clock, audit, scheduling, jobs, purgePublicCaches }, kind);
  }

  const auditOf = async (id: string) =>
    (
      await database.db
        .selectFrom("audit_log")
        .select(["action", "changes"])
        .where("entity_id", "=", id)
        .orderBy("at")
        .execute()
    ).map((row) => ({ action: row.action, ...JSON.parse(row.changes) }));
  const queuedPublishJobs = async () =>
    (
      await database.db
        .selectFrom("jobs")
        .select("run_at")
        .where("type", "=", "scheduled-publish")
        .where("status", "=", "queued")
        .execute()
    ).map((row) => row.run_at);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.deleteFrom("publications").execute();
    await database.db.deleteFrom("jobs").execute();
    events = [];
    stored = 0;
    nextUrl = undefined;
  });

  it("removes the stored image when the transaction fails, and purges nothing", async () => {
    const failing = { ...publicationKind, insert: () => Promise.reject(new Error("disk full")) };
    await expect(writesWith(failing).create(FIELDS, [PICTURE], ACTOR)).rejects.toThrow("disk full");
    expect(events).toEqual(["store /uploads/publications/1.jpg", "remove /uploads/publications/1.jpg"]);
  });

  it("removes the stored image when the publishable check refuses, and writes nothing", async () => {
    nextUrl = REFUSED;
    await expect(writesWith().create(FIELDS, [PICTURE], ACTOR)).rejects.toThrow("This photo may not be shown yet.");
    expect(events).toEqual([`store ${REFUSED}`, `remove ${REFUSED}`]);
    expect(await database.db.selectFrom("publications").selectAll().execute()).toEqual([]);
  });

  it("purges once after the commit, then removes the replaced file", async () => {
    const writes = writesWith();
    const id = await writes.create(FIELDS, [PICTURE], ACTOR);
    await writes.update(id, { ...FIELDS, title: "Annual report 2026" }, [PICTURE], ACTOR);
    expect(events).toEqual([
      "store /uploads/publications/1.jpg",
      "purge Annual report:published",
      "store /uploads/publications/2.jpg",
      "purge Annual report 2026:published",
      "remove /uploads/publications/1.jpg",
    ]);
  });

  it("keeps the old file and purges nothing when an update fails", async () => {
    const id = await writesWith().create(FIELDS, [PICTURE], ACTOR);
    events = [];
    const failing = { ...publicationKind, update: () => Promise.reject(new Error("disk full")) };
    await expect(writesWith(failing).update(id, FIELDS, [PICTURE], ACTOR)).rejects.toThrow("disk full");
    expect(events).toEqual(["store /uploads/publications/2.jpg", "remove /uploads/publications/2.jpg"]);
    const row = await database.db.selectFrom("publications").select("image_url").executeTakeFirst();
    expect(row?.image_url).toBe("/uploads/publications/1.jpg");
  });

  it("keeps the old file when the publishable check refuses the new one", async () => {
    const writes = writesWith();
    const id = await writes.create({ ...FIELDS, status: "draft" }, [PICTURE], ACTOR);
    events = [];
    nextUrl = REFUSED;
    await expect(writes.update(id, { ...FIELDS, status: "published" }, [PICTURE], ACTOR)).rejects.toThrow(
      "This photo may not be shown yet.",
    );
    expect(events).toEqual([`store ${REFUSED}`, `remove ${REFUSED}`]);
  });

  it("removes the files of a deleted item after the purge", async () => {
    const writes = writesWith();
    const id = await writes.create(FIELDS, [PICTURE], ACTOR);
    events = [];
    await writes.remove(id, ACTOR);
    expect(events).toEqual(["purge ", "remove /uploads/publications/1.jpg"]);
  });

  it("records the state change in the audit entry: draft → published, published → scheduled", async () => {
    const writes = writesWith();
    const id = await writes.create({ ...FIELDS, status: "draft" }, [PICTURE], ACTOR);
    later();
    await writes.update(id, { ...FIELDS, status: "published" }, [], ACTOR);
    later();
    await writes.update(id, { ...FIELDS, status: "scheduled", publishAt: "2026-03-02T09:00:00Z" }, [], ACTOR);
    later();
    await writes.update(id, { ...FIELDS, title: "Renamed" }, [], ACTOR);
    expect(await auditOf(id)).toEqual([
      {
        action: "create",
        fields: ["description", "image", "link", "publicationDate", "status", "title"],
        values: { status: "draft" },
      },
      { action: "update", fields: ["status"], values: { status: "published" } },
      { action: "update", fields: ["status"], values: { status: "scheduled" } },
      { action: "update", fields: ["title"], values: {} },
    ]);
  });

  it("leaves a cancelled-then-rescheduled item exactly one scheduled publish job", async () => {
    const writes = writesWith();
    const at = (day: number) => ({ ...FIELDS, status: "scheduled", publishAt: `2026-03-0${day}T09:00:00Z` });
    const id = await writes.create(at(2), [PICTURE], ACTOR);
    await writes.update(id, at(2), [], ACTOR);
    await writes.update(id, { ...FIELDS, status: "draft" }, [], ACTOR);
    expect(await queuedPublishJobs()).toEqual([]);
    await writes.update(id, at(3), [], ACTOR);
    await writes.update(id, at(4), [], ACTOR);
    expect(await queuedPublishJobs()).toEqual(["2026-03-04T09:00:00.000Z"]);
    await writes.remove(id, ACTOR);
    expect(await queuedPublishJobs()).toEqual([]);
  });
});
