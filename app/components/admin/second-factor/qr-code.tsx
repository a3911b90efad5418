import { qrPath } from "../../../../core/shared/qr-code";

/**
 * A QR code drawn as one SVG path from the module matrix (no markup from a string): dark squares on
 * white with the quiet zone apps need to find it.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { modules, path } = qrPath(value);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-lg border border-gray-200 bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
