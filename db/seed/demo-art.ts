import sharp from "sharp";

/**
 * Demo pictures drawn here (no stock photos of real people): simple flat illustrations of the
 * programmes — a classroom, a sewing workshop, a family visit, health kits, soap making, a garden, a
 * graduation, reading, letters home, a market stall, a coffee ceremony, basket weaving, a playground
 * and the road home — in the brand colours, rasterised to PNG, which goes through the same upload
 * pipeline as a staff upload. Drawn by `npm run demo-images` (demo-pictures.ts), not at start.
 */

interface Palette {
  deep: string;
  light: string;
  warm: string;
  pale: string;
  gold: string;
}

const PALETTES: Palette[] = [
  { deep: "#0b5563", light: "#e3f1f3", warm: "#b4430e", pale: "#faf6f0", gold: "#e8a33d" },
  { deep: "#083f49", light: "#fdeee4", warm: "#8f350b", pale: "#e3f1f3", gold: "#f2c46d" },
  { deep: "#1c2530", light: "#faf6f0", warm: "#0b5563", pale: "#fdeee4", gold: "#e8a33d" },
  { deep: "#3d5a40", light: "#f3efe2", warm: "#b4430e", pale: "#e9f0e4", gold: "#d99a2b" },
];

/** A stylised person (head and body), no face: `x`, `y` is the foot line. */
const person = (x: number, y: number, scale: number, colour: string) =>
  `<g transform="translate(${x} ${y}) scale(${scale})"><circle cx="0" cy="-190" r="42" fill="${colour}"/>` +
  `<path d="M -72 0 Q -66 -140 0 -140 Q 66 -140 72 0 Z" fill="${colour}"/></g>`;

const SCENES: Record<string, (p: Palette) => string> = {
  classroom: (p) =>
    `<rect x="300" y="160" width="1000" height="420" rx="18" fill="${p.deep}"/>
     <path d="M380 300 q 60 -60 120 0 t 120 0 M380 420 h 340 M800 260 l 60 120 l 60 -120 M1000 300 h 200 M1000 360 h 160 M1000 420 h 220" stroke="${p.pale}" stroke-width="12" fill="none" stroke-linecap="round"/>
     ${[420, 720, 1020].map((x) => `<rect x="${x - 110}" y="760" width="220" height="26" rx="8" fill="${p.warm}"/>${person(x, 760, 0.7, p.gold)}`).join("")}`,
  sewing: (p) =>
    `<rect x="200" y="700" width="1200" height="40" rx="10" fill="${p.warm}"/>
     <path d="M460 700 V470 q0-60 60-60 H1020 q60 0 60 60 V560 H980 V520 H580 V700 Z" fill="${p.deep}"/>
     <rect x="960" y="560" width="30" height="110" fill="${p.pale}"/><circle cx="1110" cy="520" r="40" fill="${p.gold}"/>
     ${[300, 1250].map((x, i) => `<rect x="${x}" y="560" width="70" height="140" rx="10" fill="${i ? p.gold : p.warm}"/><rect x="${x - 8}" y="550" width="86" height="18" rx="6" fill="${p.deep}"/>`).join("")}
     <path d="M600 700 l 360 0 l -40 -60 l -280 0 Z" fill="${p.light}" stroke="${p.warm}" stroke-width="6" stroke-dasharray="18 12"/>`,
  "family-visit": (p) =>
    `<rect x="420" y="640" width="760" height="36" rx="10" fill="${p.warm}"/><rect x="470" y="676" width="24" height="160" fill="${p.warm}"/><rect x="1106" y="676" width="24" height="160" fill="${p.warm}"/>
     ${person(520, 640, 1, p.deep)}${person(1080, 640, 1, p.deep)}${person(800, 640, 0.62, p.gold)}
     <path d="M800 250 c -40 -60 -130 -20 -100 50 c 20 40 100 90 100 90 c 0 0 80 -50 100 -90 c 30 -70 -60 -110 -100 -50 Z" fill="${p.warm}"/>`,
  "health-kits": (p) =>
    [300, 700, 1100]
      .map(
        (x, i) =>
          `<rect x="${x}" y="${440 + i * 30}" width="300" height="${300 - i * 30}" rx="20" fill="${i === 1 ? p.deep : p.pale}" stroke="${p.deep}" stroke-width="10"/>
           <path d="M${x + 150} ${500 + i * 30} v 120 M${x + 90} ${560 + i * 30} h 120" stroke="${p.warm}" stroke-width="34" stroke-linecap="round"/>`,
      )
      .join("") +
    `<rect x="640" y="300" width="60" height="120" rx="14" fill="${p.gold}"/><rect x="650" y="270" width="40" height="34" rx="6" fill="${p.deep}"/>`,
  "soap-making": (p) =>
    `<path d="M420 760 q 380 150 760 0 l -60 -200 h -640 Z" fill="${p.deep}"/>
     ${[0, 1, 2, 3, 4].map((i) => `<rect x="${500 + (i % 3) * 190}" y="${440 - Math.floor(i / 3) * 90}" width="170" height="84" rx="22" fill="${[p.gold, p.pale, p.warm][i % 3]}" stroke="${p.deep}" stroke-width="6"/>`).join("")}
     ${[
       [360, 300, 40],
       [1200, 260, 60],
       [1280, 420, 30],
       [300, 480, 24],
       [1120, 160, 26],
     ]
       .map(
         ([x, y, r]) =>
           `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${p.deep}" stroke-width="8" opacity="0.6"/>`,
       )
       .join("")}`,
  garden: (p) =>
    `<circle cx="1300" cy="220" r="110" fill="${p.gold}"/>
     ${[0, 1, 2].map((row) => Array.from({ length: 7 }, (_, i) => `<g transform="translate(${240 + i * 190 + row * 40} ${600 + row * 120})"><path d="M0 0 q -60 -80 0 -140 q 60 60 0 140" fill="${row % 2 ? p.deep : p.warm}"/><path d="M0 0 v -150" stroke="${p.deep}" stroke-width="8"/></g>`).join("")).join("")}`,
  graduation: (p) =>
    [420, 800, 1180]
      .map(
        (x, i) =>
          `<path d="M${x - 180} ${420 - i * 40} L ${x} ${340 - i * 40} L ${x + 180} ${420 - i * 40} L ${x} ${500 - i * 40} Z" fill="${p.deep}"/>
           <rect x="${x - 90}" y="${450 - i * 40}" width="180" height="90" rx="12" fill="${p.deep}"/>
           <path d="M${x + 150} ${420 - i * 40} v 130" stroke="${p.gold}" stroke-width="10"/><circle cx="${x + 150}" cy="${560 - i * 40}" r="18" fill="${p.gold}"/>`,
      )
      .join("") +
    `<rect x="560" y="700" width="480" height="90" rx="45" fill="${p.pale}" stroke="${p.warm}" stroke-width="10"/><path d="M800 700 v 90" stroke="${p.warm}" stroke-width="16"/>` +
    Array.from(
      { length: 24 },
      (_, i) =>
        `<rect x="${((i * 137) % 1500) + 40}" y="${((i * 89) % 240) + 60}" width="22" height="12" fill="${[p.warm, p.gold, p.deep][i % 3]}" transform="rotate(${i * 23} ${((i * 137) % 1500) + 50} ${((i * 89) % 240) + 66})"/>`,
    ).join(""),
  reading: (p) =>
    `<path d="M800 380 Q 560 300 300 360 V 800 Q 560 740 800 820 Z" fill="${p.pale}" stroke="${p.deep}" stroke-width="12"/>
     <path d="M800 380 Q 1040 300 1300 360 V 800 Q 1040 740 800 820 Z" fill="${p.pale}" stroke="${p.deep}" stroke-width="12"/>
     ${[440, 500, 560, 620, 680].map((y) => `<path d="M380 ${y} q 180 -30 360 0 M860 ${y} q 180 -30 360 0" stroke="${p.warm}" stroke-width="10" fill="none" opacity="0.7"/>`).join("")}
     <path d="M1240 200 l 40 80 l 90 12 l -66 62 l 16 88 l -80 -42 l -80 42 l 16 -88 l -66 -62 l 90 -12 Z" fill="${p.gold}"/>`,
  letters: (p) =>
    `<rect x="260" y="360" width="620" height="420" rx="16" fill="${p.pale}" stroke="${p.deep}" stroke-width="12"/>
     <path d="M260 370 L 570 600 L 880 370" fill="none" stroke="${p.deep}" stroke-width="12"/>
     <g transform="rotate(-8 1120 560)"><rect x="940" y="300" width="380" height="500" rx="12" fill="${p.light}" stroke="${p.warm}" stroke-width="10"/>
     ${[380, 450, 520, 590, 660].map((y) => `<path d="M990 ${y} h 280" stroke="${p.deep}" stroke-width="10" opacity="0.6"/>`).join("")}</g>
     <path d="M1180 760 l 240 -300 l 40 30 l -240 300 l -60 20 Z" fill="${p.gold}"/>`,
  market: (p) =>
    `<path d="M240 300 H1360 L1300 420 H300 Z" fill="${p.warm}"/>
     ${Array.from({ length: 7 }, (_, i) => `<path d="M${300 + i * 143} 420 q 71 70 143 0" fill="${i % 2 ? p.pale : p.warm}"/>`).join("")}
     <rect x="300" y="620" width="1000" height="40" fill="${p.deep}"/><rect x="330" y="660" width="30" height="200" fill="${p.deep}"/><rect x="1240" y="660" width="30" height="200" fill="${p.deep}"/>
     ${[420, 640, 860, 1080].map((x, i) => `<path d="M${x - 80} 620 q 80 -140 160 0 Z" fill="${[p.gold, p.deep, p.gold, p.pale][i]}" stroke="${p.deep}" stroke-width="6"/>`).join("")}`,
  coffee: (p) =>
    `<ellipse cx="800" cy="800" rx="520" ry="60" fill="${p.deep}" opacity="0.4"/>
     <path d="M640 780 q -140 -160 40 -300 q -30 -90 60 -150 h 40 q 60 50 50 150 q 180 140 40 300 Z" fill="${p.deep}"/>
     <path d="M860 560 q 120 -30 160 -130" stroke="${p.deep}" stroke-width="34" fill="none" stroke-linecap="round"/>
     ${[360, 470, 1130, 1240].map((x) => `<path d="M${x - 45} 720 h 90 l -12 70 h -66 Z" fill="${p.pale}" stroke="${p.warm}" stroke-width="8"/>`).join("")}
     ${[0, 1, 2].map((i) => `<path d="M${760 + i * 40} 300 q -30 -50 0 -100 q 30 -50 0 -100" stroke="${p.warm}" stroke-width="10" fill="none" opacity="0.6"/>`).join("")}`,
  weaving: (p) =>
    `<ellipse cx="800" cy="560" rx="420" ry="300" fill="${p.gold}"/>
     ${[260, 200, 140, 80].map((r, i) => `<ellipse cx="800" cy="560" rx="${r * 1.4}" ry="${r}" fill="none" stroke="${[p.warm, p.deep, p.warm, p.deep][i]}" stroke-width="26" stroke-dasharray="${30 + i * 6} 18"/>`).join("")}
     <circle cx="800" cy="560" r="40" fill="${p.deep}"/>`,
  playground: (p) =>
    `<path d="M420 860 L 560 300 L 700 860 M900 860 L 1040 300 L 1180 860 M540 320 H 1060" stroke="${p.deep}" stroke-width="26" fill="none" stroke-linecap="round"/>
     <path d="M760 320 v 300 M880 320 v 300" stroke="${p.deep}" stroke-width="8"/><rect x="730" y="610" width="180" height="26" rx="10" fill="${p.warm}"/>
     <circle cx="1320" cy="800" r="70" fill="${p.gold}"/><path d="M1250 800 h 140 M1320 730 q 40 70 0 140" stroke="${p.warm}" stroke-width="10" fill="none"/>`,
  "road-home": (p) =>
    `<circle cx="1150" cy="300" r="120" fill="${p.gold}"/>
     <path d="M0 700 Q 400 560 800 660 T 1600 620 V1000 H0 Z" fill="${p.deep}" opacity="0.5"/>
     <path d="M700 1000 Q 780 800 840 700 Q 860 660 900 650 L 930 650 Q 900 680 900 720 Q 900 820 1000 1000 Z" fill="${p.pale}"/>
     <rect x="980" y="520" width="200" height="150" fill="${p.warm}"/><path d="M960 530 L 1080 430 L 1200 530 Z" fill="${p.deep}"/><rect x="1060" y="590" width="44" height="80" fill="${p.pale}"/>
     ${person(640, 880, 0.8, p.deep)}${person(560, 900, 0.5, p.warm)}`,
  partnership: (p) =>
    `<rect x="260" y="420" width="420" height="420" fill="${p.deep}"/><path d="M240 430 L 470 300 L 700 430 Z" fill="${p.warm}"/>
     ${[0, 1, 2].map((i) => `<rect x="${300 + i * 130}" y="480" width="80" height="340" fill="${p.pale}"/>`).join("")}
     ${person(950, 860, 0.9, p.warm)}${person(1150, 860, 0.9, p.deep)}${person(1330, 860, 0.9, p.gold)}
     <path d="M1010 650 q 70 40 140 0" stroke="${p.deep}" stroke-width="14" fill="none"/>`,
};

export async function demoArt({
  scene,
  variant,
  width = 1600,
  height = 1000,
}: {
  scene: string;
  variant: number;
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const draw = SCENES[scene];
  if (!draw) throw new Error(`no demo scene named ${scene}`);
  const p = PALETTES[variant % PALETTES.length] as Palette;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1000" preserveAspectRatio="xMidYMid slice">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.pale}"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#bg)"/>
    <rect y="880" width="1600" height="120" fill="${p.deep}" opacity="0.15"/>
    ${draw(p)}
  </svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}
