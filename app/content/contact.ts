import type { ContactContent } from "../../core/site-content/site-content.schema";

/** The office map (spec §2 Contact); the details themselves are site content (core/site-content). */
type MapLocation = ContactContent["map"];

const MAP_SPAN = 0.012;

/** OpenStreetMap's embeddable map around the office, with a marker (allowed by the CSP frame-src). */
export function mapEmbedUrl({ latitude, longitude }: MapLocation): string {
  const bbox = [longitude - MAP_SPAN, latitude - MAP_SPAN / 2, longitude + MAP_SPAN, latitude + MAP_SPAN / 2]
    .map((n) => n.toFixed(4))
    .join(",");
  const params = new URLSearchParams({ bbox, layer: "mapnik", marker: `${latitude},${longitude}` });
  return `https://www.openstreetmap.org/export/embed.html?${params}`;
}

export function mapLinkUrl({ latitude, longitude }: MapLocation): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
