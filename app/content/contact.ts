/** The charity's contact details (spec §2 Contact). One place to change them. */
export interface ContactDetails {
  addressLines: string[];
  phone: { display: string; dial: string };
  email: string;
  officeHours: string;
  map: { latitude: number; longitude: number; label: string };
}

export const CONTACT_DETAILS: ContactDetails = {
  addressLines: [
    "Hope Behind Bars",
    "Africa Avenue (Bole Road), House No. 1520",
    "Bole Sub-City, Woreda 03",
    "Addis Ababa, Ethiopia",
  ],
  phone: { display: "+251 11 661 2345", dial: "+251116612345" },
  email: "info@hopebehindbars.org",
  officeHours: "Monday to Friday, 8:30 AM – 5:00 PM (East Africa Time)",
  map: { latitude: 8.9956, longitude: 38.7869, label: "Our office on Africa Avenue, Addis Ababa" },
};

const MAP_SPAN = 0.012;

/** OpenStreetMap's embeddable map around the office, with a marker (allowed by the CSP frame-src). */
export function mapEmbedUrl({ latitude, longitude }: ContactDetails["map"]): string {
  const bbox = [longitude - MAP_SPAN, latitude - MAP_SPAN / 2, longitude + MAP_SPAN, latitude + MAP_SPAN / 2]
    .map((n) => n.toFixed(4))
    .join(",");
  const params = new URLSearchParams({ bbox, layer: "mapnik", marker: `${latitude},${longitude}` });
  return `https://www.openstreetmap.org/export/embed.html?${params}`;
}

export function mapLinkUrl({ latitude, longitude }: ContactDetails["map"]): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
