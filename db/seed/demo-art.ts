import sharp from "sharp";

/**
 * Demo pictures drawn here (no stock photos of real people): hills, a sun and a few figures in the
 * brand colours, rasterised to PNG, which goes through the same upload pipeline as a staff upload.
 * Drawn by `npm run demo-images` (demo-pictures.ts), not at start.
 */
export async function demoArt(variant: number, { width = 1600, height = 1000 } = {}): Promise<Buffer> {
  const palettes = [
    ["#0b5563", "#e3f1f3", "#b4430e", "#faf6f0"],
    ["#083f49", "#fdeee4", "#8f350b", "#e3f1f3"],
    ["#1c2530", "#faf6f0", "#0b5563", "#fdeee4"],
  ];
  const [deep, light, warm, pale] = palettes[variant % palettes.length] as string[];
  const figures = Array.from({ length: 3 + (variant % 3) }, (_, i) => {
    const x = 420 + i * 190 + ((variant * 37) % 60);
    const scale = 1 - i * 0.08;
    return `<g transform="translate(${x} ${640 - i * 8}) scale(${scale})">
      <circle cx="0" cy="-150" r="42" fill="${i % 2 ? warm : deep}"/>
      <path d="M -70 40 Q -60 -100 0 -100 Q 60 -100 70 40 Z" fill="${i % 2 ? warm : deep}"/>
    </g>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1000">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${pale}"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#sky)"/>
    <circle cx="${1200 - variant * 180}" cy="260" r="130" fill="${warm}" opacity="0.85"/>
    <path d="M0 760 Q 400 600 800 720 T 1600 680 V1000 H0 Z" fill="${deep}" opacity="0.35"/>
    ${figures}
    <path d="M0 840 Q 500 740 1000 820 T 1600 800 V1000 H0 Z" fill="${deep}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
