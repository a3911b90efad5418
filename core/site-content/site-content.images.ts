import type { StoredImage } from "../media/media.schema.ts";

/** Pictures inside a snapshot: any object with a string `url` and a `variants` list (media.schema's StoredImage). */
const isImage = (value: unknown): value is StoredImage =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as StoredImage).url === "string" &&
  Array.isArray((value as StoredImage).variants);

export function collectImages(value: unknown, into: StoredImage[] = []): StoredImage[] {
  if (isImage(value)) into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectImages(item, into);
  else if (typeof value === "object" && value !== null)
    for (const child of Object.values(value)) collectImages(child, into);
  return into;
}

/** Each picture in `value` with its dotted path ("board.1.image"): how the form names its fields. */
export function imagesWithPaths(
  value: unknown,
  path: string[] = [],
): Array<{ path: string; url: string; stored: StoredImage }> {
  if (isImage(value)) return [{ path: path.join("."), url: value.url, stored: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => imagesWithPaths(item, [...path, String(index)]));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, child]) => imagesWithPaths(child, [...path, key]));
  return [];
}

/** A copy of `value` with every picture passed through `map` (e.g. absolute URLs for the API). */
export function mapImages<T>(value: T, map: (image: StoredImage) => StoredImage): T {
  if (isImage(value)) return map(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapImages(item, map)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapImages(child, map)])) as T;
  }
  return value;
}
