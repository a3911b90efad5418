import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentKey } from "../../core/media/image-input.ts";
import { bytesOfSize, pngImage } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { MAX_UPLOAD_FILE_BYTES } from "../app.ts";
import errors from "../plugins/errors.ts";
import { filesOf, readMultipart } from "./multipart.ts";
import { createUploadSpool, SPOOL_LEFTOVER_AGE_MS } from "./upload-spool.ts";

/** Bodies a fuzzer sent to the upload routes; the parser cannot read any of them. */
const MALFORMED_BODIES: [string, string, string][] = [
  ["garbage under a boundary", "multipart/form-data; boundary=x", "garbage garbage\r\n"],
  ["no boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--x--\r\n'],
  ["an empty boundary", 'multipart/form-data; boundary=""', "--\r\n"],
  [
    "a truncated file part",
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
  ],
  [
    "a truncated text part",
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi',
  ],
];

describe("readMultipart", () => {
  let app: FastifyInstance;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-multipart-"));
  const spoolDir = path.join(dataDir, "incoming");
  const spooled = () => readdirSync(spoolDir);
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 1024 * 1024 });
    app.decorate("uploadSpool", createUploadSpool(spoolDir));
    await app.register(errors);
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: 10 } });
    app.post("/echo", async (request, reply) => {
      const body = await readMultipart(request, reply);
      return {
        fields: body.fields,
        // What the route sees: each file in the spool while the request works, with its hash.
        images: filesOf(body, "images").map((f) => {
          const bytes = readFileSync(f.path);
          return { name: f.filename, size: f.size, read: bytes.length, hashed: f.sha256 === contentKey(bytes) };
        }),
        other: body.files.filter((f) => f.field !== "images").length,
      };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("returns text fields and the files of each field, in order", async () => {
    const png = await pngImage();
    const form = new FormData();
    form.append("title", "Hello");
    form.append("title", "Hello again");
    form.append("description", "Line one\nline two");
    form.append("images", fileBlob(png), "a.png");
    form.append("images", fileBlob(png), "b.png");
    form.append("avatar", fileBlob(png), "c.png");
    form.append("images", new Blob([]), "empty.png");
    const response = await app.inject({ method: "POST", url: "/echo", ...(await multipartPayload(form)) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      fields: { title: "Hello again", description: "Line one\nline two" },
      images: [
        { name: "a.png", size: png.length, read: png.length, hashed: true },
        { name: "b.png", size: png.length, read: png.length, hashed: true },
      ],
      other: 1,
    });
    // The answer sent, the request's files are gone.
    await expect.poll(spooled).toEqual([]);
  });

  it("accepts a JSON body as fields without files", async () => {
    const response = await app.inject({ method: "POST", url: "/echo", payload: { title: "T", count: 3 } });
    expect(response.json()).toEqual({ fields: { title: "T" }, images: [], other: 0 });
  });

  it.each(MALFORMED_BODIES)("answers %s with 400 and a message", async (_name, contentType, payload) => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The form data could not be read. Please send it again." });
    await expect
      .poll(() => readdirSync(dataDir).flatMap((name) => (name === "incoming" ? spooled() : [name])))
      .toEqual([]);
  });

  it("refuses a 20 MB file with 413 and a message", async () => {
    const form = new FormData();
    form.append("title", "Big");
    form.append("images", fileBlob(bytesOfSize(20 * 1024 * 1024)), "big.jpg");
    const response = await app.inject({ method: "POST", url: "/echo", ...(await multipartPayload(form)) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The upload is too large." });
    await expect.poll(spooled).toEqual([]);
  });

  it("sweeps what a crash left in the spool, and nothing a request may still use", async () => {
    const spool = createUploadSpool(spoolDir);
    const [old, young] = [path.join(spoolDir, "old"), path.join(spoolDir, "young")];
    writeFileSync(old, "left by a crash");
    writeFileSync(young, "a request's");
    const longAgo = (Date.now() - SPOOL_LEFTOVER_AGE_MS - 60_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    expect(await spool.sweep()).toBe(1);
    expect(spooled()).toEqual(["young"]);
    await spool.remove([young, old]);
    expect(spooled()).toEqual([]);
    expect(await createUploadSpool(path.join(dataDir, "never-made")).sweep()).toBe(0);
  });
});

describe("the admin upload routes given a malformed multipart body", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  const routes = [
    "POST /api/gallery",
    "PUT /api/gallery/any-id",
    "POST /api/blogs",
    "PUT /api/blogs/any-id",
    "POST /api/publications",
    "PUT /api/publications/any-id",
  ];
  it.each(routes)("%s answers 400 with a message, never 500", async (route) => {
    const [method, url] = route.split(" ") as ["POST" | "PUT", string];
    const headers = await t.adminHeaders();
    for (const [name, contentType, payload] of MALFORMED_BODIES) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...headers, "content-type": contentType },
        payload,
      });
      expect([name, response.statusCode, response.json()]).toEqual([
        name,
        400,
        { message: "The form data could not be read. Please send it again." },
      ]);
    }
  });
});
