import { apiFile } from "./api-client";

/**
 * Saves an admin-only file (a CSV export, a receipt): a plain link cannot carry the bearer token, so
 * the file is fetched with it (through the API client, so errors and an expired session behave as
 * for any other call) and handed to the browser's download under the name the server gave it.
 */
export async function downloadFile(path: string): Promise<void> {
  const { blob, filename } = await apiFile(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? path.split("/").pop() ?? "download";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
