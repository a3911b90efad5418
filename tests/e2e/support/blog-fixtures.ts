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

const formOf = async (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("image", new Blob([new Uint8Array(await pngImage({ width: 640, height: 400, alpha: false }))]), "a.png");
  return form;
};

export const createPost = async (api: AdminApi, fields: Record<string, string>) =>
  api.multipart<{ _id: string; imageUrl: string; image: { variants: { url: string }[] } }>(
    "POST",
    "/api/blogs",
    await formOf(fields),
  );

export const createPublication = async (api: AdminApi, fields: Record<string, string>) =>
  api.multipart<{ _id: string; imageUrl: string }>("POST", "/api/publications", await formOf(fields));

/** Every file under the server's uploads folder for one feature. */
export function uploadedFiles(server: RunningServer, folder: string): string[] {
  try {
    return readdirSync(path.join(server.dataDir, "uploads", folder));
  } catch {
    return [];
  }
}
