import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  avifImage,
  hasGpsPointer,
  jpegWithGps,
  pngClaiming,
  pngImage,
  polyglotJpeg,
  svgImage,
  textFile,
  truncatedJpeg,
  webpImage,
} from "../../tests/support/images.ts";
import { ValidationError } from "../shared/errors.ts";
import { containsMarkup, prepareSource, processImage, sniffImageFormat, widthsFor } from "./image-pipeline.ts";

async function refusal(bytes: Uint8Array): Promise<ValidationError> {
  const error = await processImage(bytes, "image").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe("image pipeline", () => {
  it("builds the width ladder without ever enlarging", () => {
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(widthsFor(1000)).toEqual([320, 640, 960, 1000]);
    expect(widthsFor(640)).toEqual([320, 640]);
    expect(widthsFor(200)).toEqual([200]);
  });

  it("turns a phone photo upright and strips EXIF, GPS and every other metadata from every variant", async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const result = await processImage(input);
    // 2400×1600 rotated by orientation 6 is 1600×2400.
    expect({ width: result.width, height: result.height }).toEqual({ width: 1600, height: 2400 });
    expect(result.outputs.map((o) => `${o.format}@${o.width}`)).toEqual(
      [320, 640, 960, 1280, 1600].flatMap((w) => [`avif@${w}`, `webp@${w}`, `jpeg@${w}`]),
    );
    for (const output of result.outputs) {
      const meta = await sharp(output.data).metadata();
      expect(meta.format).toBe(output.format === "avif" ? "heif" : output.format);
      expect(meta.width).toBe(output.width);
      expect(meta.height).toBe(Math.round((output.width * 2400) / 1600));
      expect(meta.exif).toBeUndefined();
      expect(hasGpsPointer(meta.exif)).toBe(false);
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(output.data.includes(Buffer.from("TestCam"))).toBe(false);
    }
    // The red marker drawn top-left of the sensor image is top-right once upright.
    const jpeg = result.outputs.find((o) => o.format === "jpeg" && o.width === 320)!;
    const { data, info } = await sharp(jpeg.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    expect(pixel(info.width - 2, 1)[0]).toBeGreaterThan(200);
    expect(pixel(1, 1)[0]).toBeLessThan(100);
  });

  it("keeps small images at their own size and flattens transparency only for JPEG", async () => {
    const result = await processImage(await pngImage({ width: 200, height: 100 }));
    expect(result.outputs.map((o) => [o.format, o.width, o.height])).toEqual([
      ["avif", 200, 100],
      ["webp", 200, 100],
      ["jpeg", 200, 100],
    ]);
    expect((await sharp(result.outputs[1]!.data).metadata()).hasAlpha).toBe(true);
    expect((await sharp(result.outputs[2]!.data).metadata()).hasAlpha).toBe(false);
  });

  it("accepts WebP and AVIF uploads", async () => {
    expect((await processImage(await webpImage())).width).toBe(700);
    expect((await processImage(await avifImage())).width).toBe(500);
  });

  it("recognises formats by their bytes, not their names", async () => {
    expect(sniffImageFormat(await jpegWithGps({ width: 50, height: 50 }))).toBe("jpeg");
    expect(sniffImageFormat(await pngImage())).toBe("png");
    expect(sniffImageFormat(await webpImage())).toBe("webp");
    expect(sniffImageFormat(await avifImage())).toBe("avif");
    expect(sniffImageFormat(svgImage())).toBeUndefined();
  });

  it("refuses SVG, HTML and text files with the field's message", async () => {
    for (const bytes of [svgImage(), textFile(), Buffer.from("<!doctype html><html><body>hi</body></html>")]) {
      const error = await refusal(bytes);
      expect(error.message).toBe("Please choose a JPEG, PNG, WebP or AVIF image.");
      expect(error.fields).toEqual({ image: "Please choose a JPEG, PNG, WebP or AVIF image." });
    }
  });

  it("refuses a JPEG that is also an HTML page", async () => {
    expect((await refusal(await polyglotJpeg())).message).toBe("Please choose a JPEG, PNG, WebP or AVIF image.");
  });

  it("finds markup hidden anywhere in the bytes, in any case, as the one regular expression did", () => {
    const MARKUP = /<(?:script|html|svg|iframe|object|embed|body|\?php)[\s>/]|<!doctype\s+html|javascript:/i;
    const samples = [
      "<script>",
      "xx<SCRIPT src=x>",
      "<ScRiPt/",
      "<scripts>",
      "<script",
      "<html>",
      "<HTML\n",
      "<svg/onload=x>",
      "<svgx>",
      "<iframe\t",
      "<object>",
      "<embed/",
      "<body\u00a0",
      "<?php ",
      "<?PHP>",
      "<? php ",
      "<!doctype html>",
      "<!DOCTYPE\r\n  HTML",
      "<!doctypehtml",
      "<!doctype\u00a0html",
      "JavaScript:alert(1)",
      "javascript",
      "jjavascript:",
      "<<script>",
      "",
      "plain",
    ];
    for (const sample of samples) {
      expect(containsMarkup(Buffer.from(sample, "latin1")), JSON.stringify(sample)).toBe(MARKUP.test(sample));
    }
    // Random bytes hold many `<` and `j`: the scan and the expression still agree, at any offset.
    for (let seed = 1; seed <= 20; seed++) {
      const bytes = Buffer.alloc(4096, 0);
      let state = seed;
      for (let i = 0; i < bytes.length; i++) {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        bytes[i] = state >> 16;
      }
      if (seed % 2 === 0) bytes.write(samples[seed % samples.length] as string, seed * 100, "latin1");
      const view = new Uint8Array(bytes.buffer, bytes.byteOffset + 7, bytes.length - 7);
      expect(containsMarkup(view)).toBe(MARKUP.test(Buffer.from(view).toString("latin1")));
    }
  });

  it("prepares the largest JPEG upright, capped at 1920 px, without metadata", async () => {
    const source = await prepareSource(await jpegWithGps());
    expect(source).toMatchObject({ width: 1600, height: 2400 });
    const meta = await sharp(source.largest.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 2400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    const wide = await prepareSource(await pngImage({ width: 2400, height: 1200, alpha: true }));
    expect(wide).toMatchObject({ width: 1920, height: 960 });
    expect(wide.largest).toMatchObject({ format: "jpeg", width: 1920, height: 960, contentType: "image/jpeg" });
    expect((await sharp(wide.largest.data).metadata()).hasAlpha).toBe(false);
  });

  it("refuses a truncated image as damaged", async () => {
    expect((await refusal(await truncatedJpeg())).message).toBe(
      "The image file is damaged or incomplete. Please choose another file.",
    );
    const error = await prepareSource(await truncatedJpeg()).catch((e: unknown) => e);
    expect((error as ValidationError).message).toBe(
      "The image file is damaged or incomplete. Please choose another file.",
    );
  });

  it("refuses an image that claims more pixels than the limit before decoding it", async () => {
    expect((await refusal(await pngClaiming(10_000, 6_000))).message).toBe(
      "The image is too large: please use one under 50 megapixels.",
    );
  });
});
