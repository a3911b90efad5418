import sharp from "sharp";
import type { adminApi } from "./admin-api.ts";

/** A photo-like JPEG of one colour (fast to encode) for arranging gallery items. */
export const photo = (colour: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();

export interface GalleryFields {
  title: string;
  description?: string;
  category?: string;
  eventDate?: string;
}

/** Creates a gallery item through the real multipart API. */
export async function createGalleryItem(
  api: Awaited<ReturnType<typeof adminApi>>,
  fields: GalleryFields,
  colours: string[] = ["#0b5563"],
) {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("description", fields.description ?? `${fields.title}, photographed during the programme.`);
  form.append("category", fields.category ?? "Education");
  form.append("eventDate", fields.eventDate ?? "2026-01-15");
  for (const [i, colour] of colours.entries()) {
    form.append("images", new Blob([new Uint8Array(await photo(colour))], { type: "image/jpeg" }), `photo-${i}.jpg`);
  }
  return api.multipart("POST", "/api/gallery", form);
}
