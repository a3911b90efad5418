import { readdirSync } from "node:fs";
import path from "node:path";
import { vi } from "vitest";
import type { StoredImage } from "../../../core/media/media.schema.ts";
import { pngImage } from "../../support/images.ts";
import type { adminApi } from "./admin-api.ts";
import type { RunningServer } from "./server.ts";

type AdminApi = Awaited<ReturnType<typeof adminApi>>;

export const blogFields = (title: string, content = "<p>Formatted <strong>story</strong> text for the blog.</p>") => ({
  title,
  excerpt: `${title}: a short summary.`,
  authorName: "Hanna Tesfaye",
  authorLinkedin: "https://www.linkedin.com/in/hanna",
  content,
});

const formOf = async (fields: Record<string, string>, width: number) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const png = await pngImage({ width, height: Math.round((width * 5) / 8), alpha: false });
  form.append("image", new Blob([new Uint8Array(png)]), "a.png");
  return form;
};

type WithImage = { _id: string; imageUrl: string; image: StoredImage };

/**
 * The record as staff see it once its image's ladder is finished: posts and publications answer
 * with the largest JPEG alone and encode the rest in the background (docs/decisions/0440).
 */
async function finished<T extends WithImage>(api: AdminApi, adminPath: string, created: T): Promise<T> {
  // vi.waitFor, not expect.poll: fixtures are also made in beforeAll, outside any test.
  return vi.waitFor(
    async () => {
      const current = await api.json<T>("GET", `${adminPath}/${created._id}`);
      if (current.image.processing === true) throw new Error(`${adminPath}/${created._id}: its ladder is not finished`);
      return current;
    },
    { timeout: 60_000, interval: 100 },
  );
}

/** A post made through the API as the API answers it: its image's ladder may still be encoding. */
export const startPost = async (api: AdminApi, fields: Record<string, string>, width = 640) =>
  api.multipart<WithImage>("POST", "/api/blogs", await formOf(fields, width));

/** A post made through the API, its image's ladder finished; `width` of its image (small ones make fewer files, faster). */
export const createPost = async (api: AdminApi, fields: Record<string, string>, width = 640) =>
  finished(api, "/api/admin/blogs", await startPost(api, fields, width));

/** A publication made through the API, its image's ladder finished. */
export const createPublication = async (api: AdminApi, fields: Record<string, string>) =>
  finished(
    api,
    "/api/admin/publications",
    await api.multipart<WithImage>("POST", "/api/publications", await formOf(fields, 640)),
  );

/** Every file under the server's uploads folder for one feature. */
export function uploadedFiles(server: RunningServer, folder: string): string[] {
  try {
    return readdirSync(path.join(server.dataDir, "uploads", folder));
  } catch {
    return [];
  }
}
