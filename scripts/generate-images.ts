/**
 * Renders the site's illustrations (scripts/images/*.svg and the avatar/share-card templates)
 * into the responsive files listed in core/site-content/illustrations.ts: AVIF, WebP and JPEG at every width.
 * Run with `npm run images` after changing a source; the output in public/images is committed.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ILLUSTRATIONS, type Illustration, illustrationUrl } from "../core/site-content/illustrations.ts";
import { type AvatarStyle, avatarSvg } from "./images/avatar.ts";
import { ogDefaultSvg } from "./images/og-default.ts";

const root = path.resolve(import.meta.dirname, "..");
const sources = path.join(import.meta.dirname, "images");
const output = path.join(root, "public");

const AVATARS: Record<string, AvatarStyle> = {
  "avatar-founder": {
    background: "#e3f1f3",
    skin: "#7a4e33",
    clothing: "#b4430e",
    hair: "wrap",
    hairColour: "#0b5563",
    accent: "#f2c46d",
  },
  "avatar-programmes": {
    background: "#fdeee4",
    skin: "#8a5a3c",
    clothing: "#0b5563",
    hair: "curls",
    hairColour: "#2b1d16",
    accent: "#e8a33d",
  },
  "avatar-education": {
    background: "#eef4e8",
    skin: "#6b4430",
    clothing: "#e8a33d",
    hair: "bun",
    hairColour: "#1c1410",
    accent: "#0b5563",
  },
  "avatar-families": {
    background: "#f6ead8",
    skin: "#9a6846",
    clothing: "#3f7d6a",
    hair: "short",
    hairColour: "#2b1d16",
    accent: "#f3e3c7",
  },
  "avatar-board-chair": {
    background: "#e3f1f3",
    skin: "#6b4430",
    clothing: "#083f49",
    hair: "short",
    hairColour: "#3a3a3a",
    accent: "#d9794a",
  },
  "avatar-board-legal": {
    background: "#fdeee4",
    skin: "#8a5a3c",
    clothing: "#5e6b73",
    hair: "wrap",
    hairColour: "#b4430e",
    accent: "#f2c46d",
  },
  "avatar-board-health": {
    background: "#eef4e8",
    skin: "#7a4e33",
    clothing: "#0b5563",
    hair: "bun",
    hairColour: "#1c1410",
    accent: "#9fd3d6",
  },
  "avatar-board-finance": {
    background: "#f6ead8",
    skin: "#9a6846",
    clothing: "#b4430e",
    hair: "curls",
    hairColour: "#2b1d16",
    accent: "#f3e3c7",
  },
};

function sourceFor(image: Illustration): Buffer {
  const avatar = AVATARS[image.name];
  if (avatar) return Buffer.from(avatarSvg(avatar));
  return readFileSync(path.join(sources, `${image.name}.svg`));
}

async function render(image: Illustration) {
  const svg = sourceFor(image);
  for (const width of image.widths) {
    // Rasterise at the target width (density scales the vector, so edges stay crisp).
    const density = Math.max(72, Math.ceil((72 * width) / image.width));
    const base = sharp(svg, { density }).resize({ width }).flatten({ background: "#ffffff" });
    await base
      .clone()
      .avif({ quality: 55, effort: 6 })
      .toFile(path.join(output, illustrationUrl(image, width, "avif")));
    await base
      .clone()
      .webp({ quality: 78, effort: 6 })
      .toFile(path.join(output, illustrationUrl(image, width, "webp")));
    await base
      .clone()
      .jpeg({ quality: 80, mozjpeg: true, progressive: true })
      .toFile(path.join(output, illustrationUrl(image, width, "jpeg")));
  }
}

mkdirSync(path.join(output, "images"), { recursive: true });
for (const image of Object.values(ILLUSTRATIONS)) await render(image);
await sharp(Buffer.from(ogDefaultSvg))
  .resize({ width: 1200, height: 630 })
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(path.join(output, "images/og-default.jpg"));
console.log(`images: ${Object.keys(ILLUSTRATIONS).length} illustrations and the share card written to public/images`);
