import path from "node:path";
import SQLite from "better-sqlite3";
import type { RunningServer } from "./server.ts";

/** Arranges data through the real API as the test admin (faster and truer than clicking through forms). */
export async function adminApi(server: RunningServer) {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(server.admin),
  });
  const { token } = (await login.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  return {
    /** The `Authorization` header these calls send, for a request made another way. */
    authorization,
    async json<T = any>(method: string, pathname: string, body?: unknown): Promise<T> {
      const response = await fetch(`${server.baseUrl}${pathname}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
    async multipart<T = any>(method: string, pathname: string, form: FormData): Promise<T> {
      const response = await fetch(`${server.baseUrl}${pathname}`, { method, headers: { authorization }, body: form });
      if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/**
 * Makes every write to one table of the running server's SQLite database fail (reads go on), until
 * the returned function restores it: a staff action that cannot be saved, while the screen around
 * it still loads.
 */
export function refuseWrites(server: RunningServer, table: string): () => void {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const kinds = ["insert", "update", "delete"];
  for (const kind of kinds) {
    db.exec(
      `create trigger refuse_${kind}_${table} before ${kind} on ${table} begin select raise(abort, 'writes refused by the test'); end`,
    );
  }
  return () => {
    for (const kind of kinds) db.exec(`drop trigger refuse_${kind}_${table}`);
    db.close();
  };
}

/**
 * Makes the running server's database fail for one table (a real server-side failure, not a mocked
 * response): renames it away until the returned function puts it back. SQLite servers only.
 */
export function breakTable(server: RunningServer, table: string): () => void {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  db.exec(`alter table ${table} rename to ${table}_unavailable`);
  return () => {
    db.exec(`alter table ${table}_unavailable rename to ${table}`);
    db.close();
  };
}

/** Resolves once no image of the gallery item is still having its variants made (docs/decisions/0440). */
export async function untilGalleryItemProcessed(api: Awaited<ReturnType<typeof adminApi>>, id: string): Promise<void> {
  for (;;) {
    const item = await api.json<{ images: Array<{ processing?: boolean }> }>("GET", `/api/admin/gallery/${id}`);
    if (!item.images.some((image) => image.processing)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
