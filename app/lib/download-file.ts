import { getAdminToken } from "./admin-session";

const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? "";

/**
 * Saves an admin-only file (a CSV export): a plain link cannot carry the bearer token, so the
 * file is fetched with it and handed to the browser's download.
 */
export async function downloadFile(path: string): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`${API_BASE_URL}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? path.split("/").pop() ?? "download";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
