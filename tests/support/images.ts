import { crc32 } from "node:zlib";
import sharp from "sharp";

/** Test images made on the fly (no binary fixtures in the repo). */

/** A photo as a phone takes it: rotated by EXIF orientation 6, with camera make and a GPS position. */
export async function jpegWithGps({ width = 2400, height = 1600 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .composite([{ input: { create: { width: 40, height: 40, channels: 3, background: "#ff0000" } }, top: 0, left: 0 }])
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "TestCam", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 1/1 3/1", GPSLongitudeRef: "E", GPSLongitude: "38/1 44/1 0/1" },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
export const hasGpsPointer = (exif: Buffer | undefined): boolean =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export async function pngImage({ width = 200, height = 100, alpha = true } = {}): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 80, b: 20, alpha: alpha ? 0.5 : 1 } },
  })
    .png()
    .toBuffer();
}

export async function webpImage(): Promise<Buffer> {
  return sharp({ create: { width: 700, height: 400, channels: 3, background: "#0b5563" } })
    .webp()
    .toBuffer();
}

export async function avifImage(): Promise<Buffer> {
  return sharp({ create: { width: 500, height: 300, channels: 3, background: "#b4430e" } })
    .avif()
    .toBuffer();
}

export const svgImage = (): Buffer =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
  );

export const textFile = (): Buffer => Buffer.from("This is a text file, not a photo.\n".repeat(20));

/** The first part of a real JPEG: a header that promises more than the file holds. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888888" } })
    .composite([{ input: await pngImage({ width: 300, height: 300 }), top: 50, left: 50 }])
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A valid JPEG that is also an HTML page (script appended after the image data). */
export async function polyglotJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
}

/** A small PNG whose header claims `width × height` pixels (a decompression bomb in spirit). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage({ width: 8, height: 8, alpha: false }));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** `n` bytes that start like a JPEG (for size-limit tests; never decoded). */
export const bytesOfSize = (n: number): Buffer => {
  const buffer = Buffer.alloc(n, 0x20);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return buffer;
};
