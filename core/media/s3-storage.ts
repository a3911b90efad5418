import { AwsClient } from "aws4fetch";
import { XMLParser } from "fast-xml-parser";
import type { StorageDriver, StoredObject } from "./storage.ts";
import { assertValidKey, KEY_PATTERN } from "./storage-keys.ts";

export interface S3Settings {
  bucket: string;
  region: string;
  /** S3-compatible endpoint, e.g. https://s3.eu-west-1.amazonaws.com or a MinIO/R2 URL. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL the objects are served from (bucket website or CDN), without a trailing slash. */
  publicUrl: string;
}

/**
 * Upload files in an S3-compatible bucket (path-style requests), so several stateless instances
 * share them. Objects are immutable: names are never reused, so they are cached forever.
 */
export function createS3Storage(settings: S3Settings): StorageDriver {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 3,
  });
  const objectUrl = (key: string) => {
    assertValidKey(key);
    return `${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}/${key}`;
  };
  const publicPrefix = `${settings.publicUrl.replace(/\/$/, "")}/`;
  const bucketUrl = `${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}`;

  async function expectOk(response: Response, action: string, key: string, allowed: number[] = []) {
    if (response.ok || allowed.includes(response.status)) return;
    throw new Error(`S3 ${action} ${key} failed: ${response.status} ${await response.text()}`);
  }

  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" },
      });
      await expectOk(response, "PUT", key);
    },
    async get(key) {
      const response = await client.fetch(objectUrl(key), { method: "GET" });
      if (response.status === 404) return undefined;
      await expectOk(response, "GET", key);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(objectUrl(key), { method: "DELETE" });
      await expectOk(response, "DELETE", key, [404]);
    },
    url: (key) => {
      assertValidKey(key);
      return `${publicPrefix}${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(publicPrefix)) return undefined;
      const key = url.slice(publicPrefix.length);
      try {
        assertValidKey(key);
        return key;
      } catch {
        return undefined;
      }
    },
    async *list(folder) {
      let continuation: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix: folder });
        if (continuation) query.set("continuation-token", continuation);
        const response = await client.fetch(`${bucketUrl}?${query}`, { method: "GET" });
        await expectOk(response, "LIST", folder);
        const page = parseListing(await response.text());
        for (const object of page.objects) if (KEY_PATTERN.test(object.key)) yield object;
        continuation = page.next;
      } while (continuation);
    },
    // A PUT is all-or-nothing: an interrupted one leaves no object behind.
    removeInterruptedWrites: async () => 0,
  };
}

const listingParser = new XMLParser({ parseTagValue: false, isArray: (name) => name === "Contents" });

/** One page of a ListObjectsV2 answer. */
function parseListing(xml: string): { objects: StoredObject[]; next: string | undefined } {
  const result = listingParser.parse(xml)?.ListBucketResult ?? {};
  const contents: Array<{ Key?: unknown; LastModified?: unknown }> = result.Contents ?? [];
  return {
    objects: contents.map((entry) => ({ key: String(entry.Key), modifiedAt: new Date(String(entry.LastModified)) })),
    next:
      result.IsTruncated === "true" && result.NextContinuationToken ? String(result.NextContinuationToken) : undefined,
  };
}
