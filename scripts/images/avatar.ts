/**
 * Abstract portrait illustrations for the team and board (no faces: a respectful stand-in until
 * the people choose their own photos).
 */
export interface AvatarStyle {
  background: string;
  skin: string;
  clothing: string;
  hair: "wrap" | "short" | "bun" | "curls";
  hairColour: string;
  accent: string;
}

const HAIR: Record<AvatarStyle["hair"], (colour: string, accent: string) => string> = {
  wrap: (c, a) =>
    `<path d="M104 118 Q100 52 160 48 Q222 50 216 118 Q204 92 160 88 Q118 90 104 118 Z" fill="${c}"/>` +
    `<path d="M112 96 Q160 70 208 96" stroke="${a}" stroke-width="8" fill="none"/>` +
    `<circle cx="196" cy="58" r="20" fill="${c}"/>`,
  short: (c) => `<path d="M110 124 Q104 64 160 62 Q216 64 210 124 Q200 94 160 92 Q120 94 110 124 Z" fill="${c}"/>`,
  bun: (c) =>
    `<circle cx="160" cy="52" r="26" fill="${c}"/>` +
    `<path d="M108 126 Q102 70 160 68 Q218 70 212 126 Q204 96 160 94 Q116 96 108 126 Z" fill="${c}"/>`,
  curls: (c) =>
    [
      [118, 98],
      [140, 76],
      [166, 70],
      [192, 78],
      [206, 102],
      [112, 124],
      [210, 128],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="22" fill="${c}"/>`)
      .join(""),
};

export function avatarSvg(style: AvatarStyle): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320">
  <rect width="320" height="320" fill="${style.background}"/>
  <circle cx="160" cy="160" r="128" fill="#ffffff" opacity="0.25"/>
  <path d="M60 320 Q64 236 160 226 Q256 236 260 320 Z" fill="${style.clothing}"/>
  <path d="M118 248 Q160 276 202 248" stroke="${style.accent}" stroke-width="10" fill="none"/>
  <rect x="140" y="180" width="40" height="52" rx="16" fill="${style.skin}"/>
  <ellipse cx="160" cy="130" rx="52" ry="60" fill="${style.skin}"/>
  ${HAIR[style.hair](style.hairColour, style.accent)}
</svg>`;
}
