/** The default share card (1200×630): wordmark, tagline and the two-tone bars of the logo. */
export const ogDefaultSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630">
  <defs>
    <pattern id="tibeb" width="40" height="28" patternUnits="userSpaceOnUse">
      <rect width="40" height="28" fill="#083f49"/>
      <path d="M0 14 L10 4 L20 14 L10 24 Z M20 14 L30 4 L40 14 L30 24 Z" fill="#d9794a"/>
      <path d="M6 14 L10 10 L14 14 L10 18 Z M26 14 L30 10 L34 14 L30 18 Z" fill="#f2c46d"/>
    </pattern>
  </defs>
  <rect width="1200" height="630" fill="#0b5563"/>
  <circle cx="1120" cy="110" r="220" fill="#0f6b7c"/>
  <circle cx="1120" cy="110" r="130" fill="#f2b45c" opacity="0.85"/>
  <g>
    <rect x="90" y="150" width="34" height="210" rx="12" fill="#ffffff"/>
    <rect x="140" y="150" width="34" height="210" rx="12" fill="#e8a33d"/>
    <rect x="190" y="150" width="34" height="210" rx="12" fill="#ffffff"/>
    <rect x="240" y="150" width="26" height="210" rx="12" fill="#e8a33d"/>
  </g>
  <text x="310" y="232" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="72" fill="#ffffff">HOPE BEHIND</text>
  <text x="310" y="318" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="72" fill="#f2c46d">BARS.</text>
  <text x="90" y="460" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ffffff">Restoring Dignity, Rebuilding Lives</text>
  <text x="90" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#cfe6e8">Standing with incarcerated mothers and their children in Ethiopia</text>
  <rect x="0" y="602" width="1200" height="28" fill="url(#tibeb)"/>
</svg>`;
