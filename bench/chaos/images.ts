import sharp from "sharp";

/**
 * Photo-like JPEGs made on the fly: noise makes them compress like photos, so each upload writes
 * real-sized files through the whole encode ladder (and takes long enough to be killed mid-way).
 */
async function noisyJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const base = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });
  return base.jpeg({ quality: 85 }).toBuffer();
}

export async function imagePool(count: number, width: number, height: number): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => noisyJpeg(width, height, i + 1)));
}

export const imagePart = (bytes: Buffer, name = "photo.jpg"): [Blob, string] => [
  new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }),
  name,
];
