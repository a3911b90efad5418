import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bytesOfSize, pngImage } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { MAX_UPLOAD_FILE_BYTES } from "../app.ts";
import errors from "../plugins/errors.ts";
import { filesOf, readMultipart } from "./multipart.ts";

describe("readMultipart", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 1024 * 1024 });
    await app.register(errors);
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: 10 } });
    app.post("/echo", async (request) => {
      const body = await readMultipart(request);
      return {
        fields: body.fields,
        images: filesOf(body, "images").map((f) => ({ name: f.filename, size: f.data.length })),
        other: body.files.filter((f) => f.field !== "images").length,
      };
    });
    await app.ready();
  });
  afterAll(() => app.close());

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
        { name: "a.png", size: png.length },
        { name: "b.png", size: png.length },
      ],
      other: 1,
    });
  });

  it("accepts a JSON body as fields without files", async () => {
    const response = await app.inject({ method: "POST", url: "/echo", payload: { title: "T", count: 3 } });
    expect(response.json()).toEqual({ fields: { title: "T" }, images: [], other: 0 });
  });

  it("refuses a 20 MB file with 413 and a message", async () => {
    const form = new FormData();
    form.append("title", "Big");
    form.append("images", fileBlob(bytesOfSize(20 * 1024 * 1024)), "big.jpg");
    const response = await app.inject({ method: "POST", url: "/echo", ...(await multipartPayload(form)) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The upload is too large." });
  });
});
