import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "./s3-storage.ts";

/** A stand-in S3 endpoint on loopback that records what the driver sends. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; headers: http.IncomingHttpHeaders }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const key = request.url ?? "";
      if (!String(request.headers.authorization).startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/")) {
        response.writeHead(403).end("unsigned");
      } else if (request.method === "PUT") {
        objects.set(key, { body: Buffer.concat(chunks), headers: request.headers });
        response.writeHead(200).end();
      } else if (request.method === "DELETE") {
        response.writeHead(objects.delete(key) ? 204 : 404).end();
      } else response.writeHead(405).end();
    });
  });
  return { server, objects };
}

describe("S3 storage driver", () => {
  const s3 = fakeS3();
  let endpoint = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  const driver = () =>
    createS3Storage({
      bucket: "hope-media",
      region: "eu-west-1",
      endpoint,
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
});
