import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config/env.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { SYSTEM_ACTOR } from "../audit/audit.ts";
import { recurringKey } from "../jobs/jobs.service.ts";
import type { StoredImage } from "./media.schema.ts";
import { LEFTOVER_MIN_AGE_MS, UPLOAD_SWEEP_JOB } from "./upload-leftovers.ts";

const png = (colour: string) =>
  sharp({ create: { width: 700, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The plain URL is also one of the variants. */
const filesOf = (image: StoredImage) => [...new Set([image.url, ...image.variants.map((v) => v.url)])];

describe.each(DIALECTS)("removing what interrupted uploads left, on %s", (dialect) => {
  describe.each(["local", "s3"] as const)("with %s storage", (storage) => {
    let t: TestApp;
    let s3: FakeS3 | undefined;
    // Files carry real write times, so the test clock starts at the real time and moves on from there.
    let now = new Date();
    const referenced: string[] = [];
    const leftovers: string[] = [];

    /** Every stored name: keys, plus hidden temp files on disk. */
    function storedNames(): string[] {
      if (s3) return [...s3.objects.keys()].map((p) => p.replace("/hope-media/", ""));
      const root = path.join(t.config.dataDir, "uploads");
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    }
    const keyOf = (url: string) => new URL(url, "http://site.test").pathname.replace(/^\/(uploads\/)?/, "");

    async function sweep() {
      await t.services.jobs.scheduleRecurring(); // what a worker start does
      // Other recurring jobs (session clean-up, audit retention) are due at a start too.
      const { done, failed } = await t.services.jobs.runDue();
      expect(failed).toBe(0);
      expect(done).toBeGreaterThanOrEqual(1);
      return (await t.services.jobs.state({ key: recurringKey(UPLOAD_SWEEP_JOB) }))?.progress;
    }

    beforeAll(async () => {
      let config: Partial<Config> = {};
      if (storage === "s3") {
        s3 = await startFakeS3({ pageSize: 5 });
        config = {
          storage: "s3",
          s3: {
            bucket: "hope-media",
            region: "eu-west-1",
            endpoint: s3.endpoint,
            accessKeyId: "AKIDTEST",
            secretAccessKey: "secret",
            publicUrl: "https://media.test",
          },
        };
      }
      t = await createTestApp(dialect, { config, clock: () => now });
      const { gallery, blogs, publications, media } = t.services;
      const created = await gallery.create(
        {
          fields: {
            title: "Graduation",
            description: "Certificates.",
            category: "Skills Training",
            eventDate: "2026-03-14",
          },
          images: [await png("#0b5563"), await png("#a3541c")],
        },
        SYSTEM_ACTOR,
      );
      // The background job finishes the gallery images' ladders (reading them back from storage).
      expect(await t.services.jobs.runDue()).toEqual({ done: 2, failed: 0 });
      const item = await gallery.getForStaff(created._id);
      expect(item.images.map((image) => image.variants.length)).toEqual([9, 9]); // 320, 640 and 700 in three formats
      const post = await blogs.create(
        {
          title: "A term",
          excerpt: "What they learnt.",
          authorName: "Hanna",
          content: "<p>What the children learnt in class this term, and what comes next.</p>",
        },
        await png("#224466"),
        SYSTEM_ACTOR,
      );
      const publication = await publications.create(
        {
          title: "Feature",
          description: "A newspaper feature.",
          link: "https://news.example.org/a",
          publicationDate: "2026-03-08",
        },
        await png("#446622"),
        SYSTEM_ACTOR,
      );
      // Their ladders, too, are finished by the background job (docs/decisions/0440).
      expect(await t.services.jobs.runDue()).toEqual({ done: 2, failed: 0 });
      const finished = [
        (await blogs.getForStaff(post._id)).image,
        (await publications.getForStaff(publication._id)).image,
      ];
      expect(finished.map((image) => image.variants.length)).toEqual([9, 9]);
      for (const image of [...item.images, ...finished]) referenced.push(...filesOf(image as StoredImage));
      // A crash after the files were written and before the row was: files no row names.
      for (const folder of ["gallery", "blog"] as const) {
        leftovers.push(...filesOf(await media.storeImage(await png("#000000"), { folder })));
      }
      if (storage === "local") {
        // A crash inside a write leaves its hidden temp file.
        const dir = path.join(t.config.dataDir, "uploads", "gallery");
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, ".0b9e-640.webp.5f3a9c2e7d11.tmp"), "half");
        writeFileSync(path.join(dir, "README.txt"), "not an upload");
      }
      // Files carry the real time they were written; the ages below count from the end of this
      // set-up, which takes over a minute on a busy machine.
      now = new Date();
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    it("keeps every file younger than the safe age, owned or not", async () => {
      const before = storedNames().sort();
      now = new Date(now.getTime() + LEFTOVER_MIN_AGE_MS - 60_000);
      expect(await sweep()).toEqual({ removed: 0, interrupted: 0 });
      expect(storedNames().sort()).toEqual(before);
    });

    it("then removes the leftovers and temp files, and never a file a row refers to", async () => {
      now = new Date(now.getTime() + 2 * 60_000);
      expect(await sweep()).toEqual({
        removed: leftovers.length,
        interrupted: storage === "local" ? 1 : 0,
      });
      const names = storedNames();
      for (const url of referenced) expect(names).toContain(keyOf(url));
      for (const url of leftovers) expect(names).not.toContain(keyOf(url));
      expect(names.filter((name) => name.endsWith(".tmp"))).toEqual([]);
      if (storage === "local") expect(names).toContain("gallery/README.txt");
    });
  });
});
