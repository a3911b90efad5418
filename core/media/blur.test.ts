import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blurRegions, pixelBox } from "./blur.ts";

const SIZE = 480;
/** The face's rectangle, in fractions of the picture. */
const FACE = { x: 0.25, y: 0.2, width: 0.5, height: 0.6 };

/**
 * A test face: a skin-coloured oval with high-contrast eyes (white, dark iris, pupil), eyebrows, a
 * nose line and a dark mouth, on a patterned background that must stay untouched.
 */
function testFace(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <rect width="100%" height="100%" fill="#d9e4ea"/>
    <path d="M0 0 L${SIZE} ${SIZE} M${SIZE} 0 L0 ${SIZE}" stroke="#334" stroke-width="6"/>
    <ellipse cx="240" cy="240" rx="105" ry="135" fill="#a0704f"/>
    <ellipse cx="200" cy="205" rx="24" ry="14" fill="#ffffff"/>
    <ellipse cx="280" cy="205" rx="24" ry="14" fill="#ffffff"/>
    <circle cx="200" cy="205" r="10" fill="#1b0f08"/>
    <circle cx="280" cy="205" r="10" fill="#1b0f08"/>
    <rect x="172" y="176" width="56" height="7" fill="#1b0f08"/>
    <rect x="252" y="176" width="56" height="7" fill="#1b0f08"/>
    <path d="M240 215 L230 262 L250 262" stroke="#5a3a26" stroke-width="5" fill="none"/>
    <path d="M200 300 Q240 335 280 300" stroke="#3a0d0d" stroke-width="10" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Grey levels of the whole picture. */
async function grey(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/**
 * Edge energy: the sum of squared Sobel gradients over the rectangle's inside (2 px in from its
 * border, so the step to the untouched surroundings is not counted). Eyes, brows and a mouth are
 * sharp edges, which carry nearly all of it; a gentle change of colour across the region carries
 * almost none. (Squared, because a plain sum of magnitudes is the same for a sharp step and the
 * same step smeared out: blurring moves an edge's energy around instead of removing it.)
 */
function edgeEnergy({ data, width }: { data: Buffer; width: number }, box: ReturnType<typeof pixelBox>) {
  const at = (x: number, y: number) => data[y * width + x] as number;
  let sum = 0;
  for (let y = box.top + 2; y < box.top + box.height - 2; y++) {
    for (let x = box.left + 2; x < box.left + box.width - 2; x++) {
      const gx =
        at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      sum += gx * gx + gy * gy;
    }
  }
  return sum;
}

describe("blur", () => {
  it("leaves a blurred face with under 1 % of its edge energy: eyes and mouth are gone as shapes", async () => {
    const face = await testFace();
    const blurred = await blurRegions(face, [FACE]);
    const box = pixelBox(FACE, SIZE, SIZE);
    const before = edgeEnergy(await grey(face), box);
    const after = edgeEnergy(await grey(blurred), box);
    expect(before).toBeGreaterThan(0);
    expect(after / before).toBeLessThan(0.01);
  });

  it("changes no pixel outside the rectangles", async () => {
    const face = await testFace();
    const blurred = await blurRegions(face, [FACE]);
    const original = await sharp(face).removeAlpha().raw().toBuffer();
    const result = await sharp(blurred).removeAlpha().raw().toBuffer();
    const box = pixelBox(FACE, SIZE, SIZE);
    let changedOutside = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const inside = x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
        if (inside) continue;
        for (let c = 0; c < 3; c++)
          if (original[(y * SIZE + x) * 3 + c] !== result[(y * SIZE + x) * 3 + c]) changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
  });
});
