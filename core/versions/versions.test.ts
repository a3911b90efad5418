import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import type { Actor } from "../audit/audit.ts";
import { diffSnapshots } from "./snapshot-diff.ts";
import { allSnapshots, createVersionStore, StaleRevisionError } from "./versions.ts";

const alice: Actor = { id: "a1", email: "alice@example.test", ip: "" };
const bob: Actor = { id: "b1", email: "bob@example.test", ip: "" };

describe.each(DIALECTS)("versioned documents (%s)", (dialect) => {
  let database: TestDatabase;
  let now = new Date("2026-11-22T08:00:00Z");
  const clock = () => now;
  const store = createVersionStore({ clock, keep: 3 });
  const tick = () => {
    now = new Date(now.getTime() + 60_000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  it("keeps a draft apart from what is published until it is published", async () => {
    const { db } = database;
    expect(await store.get(db, "page", "a")).toBeNull();
    const saved = await store.saveDraft(db, "page", "a", { title: "One" }, { revision: 0, actor: alice });
    expect(saved).toMatchObject({ state: "draft", revision: 1, draft: { title: "One" }, published: null });
    expect(saved.draftSavedBy).toBe("alice@example.test");

    tick();
    const { document, version } = await store.publish(db, "page", "a", { revision: 1, actor: bob });
    expect(document).toMatchObject({ state: "published", published: { title: "One" }, lastVersion: 1 });
    expect(version).toEqual({ number: 1, createdAt: now.toISOString(), createdBy: "bob@example.test" });

    await store.saveDraft(db, "page", "a", { title: "Two" }, { revision: 1, actor: alice });
    expect(await store.get(db, "page", "a")).toMatchObject({ draft: { title: "Two" }, published: { title: "One" } });
  });

  it("refuses a save or publish that started from an older revision", async () => {
    const { db } = database;
    await store.saveDraft(db, "page", "b", { title: "Mine" }, { revision: 0, actor: alice });
    await expect(store.saveDraft(db, "page", "b", { title: "Theirs" }, { revision: 0, actor: bob })).rejects.toThrow(
      StaleRevisionError,
    );
    await store.saveDraft(db, "page", "b", { title: "Mine, again" }, { revision: 1, actor: alice });
    await expect(store.saveDraft(db, "page", "b", { title: "Theirs" }, { revision: 1, actor: bob })).rejects.toThrow(
      StaleRevisionError,
    );
    await expect(store.publish(db, "page", "b", { revision: 1, actor: bob })).rejects.toThrow(StaleRevisionError);
    expect((await store.get(db, "page", "b"))?.draft).toEqual({ title: "Mine, again" });
  });

  it("lists the newest versions first, keeps only the newest `keep`, and restores one into the draft", async () => {
    const { db } = database;
    let revision = 0;
    for (const title of ["v1", "v2", "v3", "v4"]) {
      tick();
      revision = (await store.saveDraft(db, "page", "c", { title }, { revision, actor: alice })).revision;
      await store.publish(db, "page", "c", { revision, actor: alice });
    }
    const versions = await store.listVersions(db, "page", "c");
    expect(versions.map((v) => v.number)).toEqual([4, 3, 2]);
    expect(await store.getVersion(db, "page", "c", 1)).toBeNull();
    expect((await store.getVersion(db, "page", "c", 2))?.snapshot).toEqual({ title: "v2" });

    const restored = await store.restore(db, "page", "c", 2, { revision, actor: bob });
    expect(restored).toMatchObject({ draft: { title: "v2" }, published: { title: "v4" }, revision: revision + 1 });
    expect(await store.restore(db, "page", "c", 1, { revision: revision + 1, actor: bob })).toBeNull();
    await expect(store.restore(db, "page", "c", 3, { revision, actor: bob })).rejects.toThrow(StaleRevisionError);
  });

  it("hands every stored snapshot of a kind to the owners of uploaded files", async () => {
    const snapshots = await allSnapshots(database.db, "page");
    expect(snapshots).toContainEqual({ title: "v2" });
    expect(snapshots).toContainEqual({ title: "Mine, again" });
    expect(await allSnapshots(database.db, "other")).toEqual([]);
    expect((await store.listDocuments(database.db, "page")).map((d) => d.key).sort()).toEqual(["a", "b", "c"]);
  });
});

describe("diffSnapshots", () => {
  it("names each changed leaf by its path, including items a list gained or lost", () => {
    expect(
      diffSnapshots(
        { figures: [{ value: 33, label: "Children" }], tagline: "Same" },
        {
          figures: [
            { value: 34, label: "Children" },
            { value: 1, label: "New" },
          ],
          tagline: "Same",
        },
      ),
    ).toEqual([
      { path: "figures.0.value", before: 33, after: 34 },
      { path: "figures.1.value", before: undefined, after: 1 },
      { path: "figures.1.label", before: undefined, after: "New" },
    ]);
  });
});
