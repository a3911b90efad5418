import { getAdminToken } from "./admin-session";

const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? "";

/** Downloads an admin-only file (the token travels in a header, so a plain link cannot). */
export async function downloadAdminFile(path: string, fallbackName: string): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`${API_BASE_URL}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
