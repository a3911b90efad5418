import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3.ts";
import { createS3Storage } from "./s3-storage.ts";

describe("S3 storage driver", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3({ pageSize: 2 });
  });
  afterAll(() => s3.close());

  const driver = () =>
    createS3Storage({
      bucket: "hope-media",
      region: "eu-west-1",
      endpoint: s3.endpoint,
      accessKeyId: "AKIDTEST",
      secretAccessKey: "secret",
      publicUrl: "https://media.hopebehindbars.org",
    });

  it("puts signed, immutable objects and serves them from the public URL", async () => {
    const storage = driver();
    await storage.put("blog/abc-640.webp", new Uint8Array([1, 2, 3]), "image/webp");
    const object = s3.objects.get("/hope-media/blog/abc-640.webp");
    expect(object?.body).toEqual(Buffer.from([1, 2, 3]));
    expect(object?.headers["content-type"]).toBe("image/webp");
    expect(object?.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(storage.url("blog/abc-640.webp")).toBe("https://media.hopebehindbars.org/blog/abc-640.webp");
    expect(storage.keyOf("https://media.hopebehindbars.org/blog/abc-640.webp")).toBe("blog/abc-640.webp");
    expect(storage.keyOf("/images/hero.jpg")).toBeUndefined();
  });

  it("reads an object back, and a missing one is undefined", async () => {
    const storage = driver();
    await storage.put("blog/r-320.jpg", new Uint8Array([4, 5, 6]), "image/jpeg");
    expect(await storage.get("blog/r-320.jpg")).toEqual(Buffer.from([4, 5, 6]));
    expect(await storage.get("blog/none-320.jpg")).toBeUndefined();
  });

  it("deletes objects, and a missing object is not an error", async () => {
    const storage = driver();
    await storage.put("gallery/x-320.jpg", new Uint8Array([9]), "image/jpeg");
    await storage.delete("gallery/x-320.jpg");
    expect(s3.objects.has("/hope-media/gallery/x-320.jpg")).toBe(false);
    await expect(storage.delete("gallery/x-320.jpg")).resolves.toBeUndefined();
  });

  it("refuses keys it did not generate", async () => {
    await expect(driver().put("../etc/passwd", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(
      /invalid storage key/,
    );
  });

  it("lists a folder's keys with their write times across pages, skipping names that are not keys", async () => {
    const storage = driver();
    for (const key of ["gallery/a-320.jpg", "gallery/b-320.jpg", "gallery/c-640.webp", "blog/d-320.jpg"]) {
      await storage.put(key, new Uint8Array([1]), "image/jpeg");
    }
    s3.objects.set("/hope-media/gallery/notes & drafts.txt", {
      body: Buffer.from("x"),
      headers: {},
      lastModified: new Date(),
    });
    const written = new Date("2026-01-02T03:04:05.000Z");
    (s3.objects.get("/hope-media/gallery/b-320.jpg") as { lastModified: Date }).lastModified = written;
    const listed = [];
    for await (const object of storage.list("gallery/")) listed.push(object);
    expect(listed.map((o) => o.key)).toEqual(["gallery/a-320.jpg", "gallery/b-320.jpg", "gallery/c-640.webp"]);
    expect(listed[1]?.modifiedAt).toEqual(written);
  });
});
