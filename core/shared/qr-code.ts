import { encode } from "uqr";

/**
 * A QR code as one SVG path over its module grid (dark squares, a quiet zone of four): every code on
 * screen (second-factor set-up, campaigns) and the campaigns' downloaded SVG and PNG come from it.
 */
export function qrPath(value: string): { modules: number; path: string } {
  const { data } = encode(value, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { modules: data.length, path };
}

/** The whole SVG document (a file to download or print), `size` pixels square. */
export function qrSvgDocument(value: string, size = 512): string {
  const { modules, path } = qrPath(value);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules} ${modules}" width="${size}" height="${size}" shape-rendering="crispEdges"><rect width="${modules}" height="${modules}" fill="#fff"/><path d="${path}" fill="#000"/></svg>\n`;
}
