import type { Db } from "../../db/database.ts";
import { findPost } from "../blogs/blogs.repository.ts";
import { findGalleryItem, refreshSearchText } from "../gallery/gallery.repository.ts";
import { findPublication } from "../publications/publications.repository.ts";
import { findVideo } from "../videos/videos.repository.ts";
import type { TranslatableKind } from "./translations.schema.ts";

/** What the translation service needs of a kind's items. */
export interface TranslationSource {
  /** The English text of each translatable field, or undefined when there is no such item. */
  english(db: Db, id: string): Promise<Record<string, string> | undefined>;
  /** Runs inside a translation's save, in its transaction (the gallery's search text covers translations). */
  afterWrite?(trx: Db, id: string): Promise<void>;
}

/** Each kind's items, read through its own repository. */
export const TRANSLATION_SOURCES: Record<TranslatableKind, TranslationSource> = {
  blog: {
    async english(db, id) {
      const row = await findPost(db, id);
      return row && { title: row.title, excerpt: row.excerpt, content: row.content, imageAlt: row.image_alt ?? "" };
    },
  },
  publication: {
    async english(db, id) {
      const row = await findPublication(db, id);
      return row && { title: row.title, description: row.description, imageAlt: row.image_alt ?? "" };
    },
  },
  "gallery-item": {
    async english(db, id) {
      const item = await findGalleryItem(db, id);
      return item && { title: item.title, description: item.description };
    },
    afterWrite: refreshSearchText,
  },
  video: {
    async english(db, id) {
      const video = await findVideo(db, id);
      return video && { title: video.title, description: video.description };
    },
  },
};
