import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage, createStorage } from "./storage.ts";

describe("local storage driver", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "hbb-storage-"));
  const storage = createLocalStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes a file under its key, leaves no temp file and gives its /uploads URL", async () => {
    await storage.put("blog/abc-123-640.webp", Buffer.from("data"), "image/webp");
    expect(readFileSync(path.join(root, "blog/abc-123-640.webp"), "utf8")).toBe("data");
    expect(readdirSync(path.join(root, "blog"))).toEqual(["abc-123-640.webp"]);
    expect(storage.url("blog/abc-123-640.webp")).toBe("/uploads/blog/abc-123-640.webp");
  });

  it("replaces an existing file atomically", async () => {
    await storage.put("blog/abc-123-640.webp", Buffer.from("newer"), "image/webp");
    expect(readFileSync(path.join(root, "blog/abc-123-640.webp"), "utf8")).toBe("newer");
  });

  it("reads a file back, and a missing one is undefined", async () => {
    expect(await storage.get("blog/abc-123-640.webp")).toEqual(Buffer.from("newer"));
    expect(await storage.get("blog/none-640.webp")).toBeUndefined();
    await expect(storage.get("../x.jpg")).rejects.toThrow(/invalid storage key/);
  });

  it("deletes, and deleting a missing file is fine", async () => {
    await storage.delete("blog/abc-123-640.webp");
    expect(existsSync(path.join(root, "blog/abc-123-640.webp"))).toBe(false);
    await expect(storage.delete("blog/abc-123-640.webp")).resolves.toBeUndefined();
  });

  it("maps only its own URLs back to keys", () => {
    expect(storage.keyOf("/uploads/gallery/x-1-320.jpg")).toBe("gallery/x-1-320.jpg");
    expect(storage.keyOf("/images/demo.jpg")).toBeUndefined();
    expect(storage.keyOf("https://example.org/uploads/a.jpg")).toBeUndefined();
    expect(storage.keyOf("/uploads/../secret.jpg")).toBeUndefined();
  });

  it("refuses keys that could leave the folder or are not image files", async () => {
    for (const key of ["../x.jpg", "/etc/passwd", "blog/../../x.jpg", "blog/x.html", "blog/.hidden.jpg", "x.jpg"]) {
      await expect(storage.put(key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(/invalid storage key/);
    }
  });

  it("needs the bucket settings for S3", () => {
    expect(() => createStorage({ storage: "s3", dataDir: root })).toThrow(/STORAGE=s3 needs the S3_\* settings/);
  });
});
