import type { Db } from "../../db/database.ts";
import { parseStoredImage, serializeStoredImage } from "./stored-image.ts";
import type { ImageOwner } from "./variant-job.ts";

/** Tables whose rows keep one image in `image_url` and its ladder in `image_variants`. */
type OneImageTable = "blog_posts" | "publications";

/**
 * The variant job's view of such a table (core/media/variant-job.ts): the row is found by its image's
 * URL, and the finished ladder replaces `image_variants` only while it still holds what the job read.
 */
export function oneImageOwner(table: OneImageTable): ImageOwner {
  return {
    async read(db: Db, url: string) {
      const row = await db
        .selectFrom(table)
        .select(["image_url", "image_variants"])
        .where("image_url", "=", url)
        .executeTakeFirst();
      return row && { json: row.image_variants, image: parseStoredImage(row.image_variants, row.image_url) };
    },
    async replace(db, url, json, image) {
      const result = await db
        .updateTable(table)
        .set({ image_variants: serializeStoredImage(image) })
        .where("image_url", "=", url)
        .where((eb) => (json === null ? eb("image_variants", "is", null) : eb("image_variants", "=", json)))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    // One image per row: once it is replaced, the row has nothing left processing.
    settled: async () => true,
    item: (db, url) => db.selectFrom(table).select(["id", "title"]).where("image_url", "=", url).executeTakeFirst(),
  };
}
