import { readdirSync } from "node:fs";
import path from "node:path";
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

/** A post made through the API; `width` of its image (small ones make fewer files, faster). */
export const createPost = async (api: AdminApi, fields: Record<string, string>, width = 640) =>
  api.multipart<{ _id: string; imageUrl: string; image: { variants: { url: string }[] } }>(
    "POST",
    "/api/blogs",
    await formOf(fields, width),
  );

export const createPublication = async (api: AdminApi, fields: Record<string, string>) =>
  api.multipart<{ _id: string; imageUrl: string }>("POST", "/api/publications", await formOf(fields, 640));

/** Every file under the server's uploads folder for one feature. */
export function uploadedFiles(server: RunningServer, folder: string): string[] {
  try {
    return readdirSync(path.join(server.dataDir, "uploads", folder));
  } catch {
    return [];
  }
}
