import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3 {
  /** http://127.0.0.1:port */
  endpoint: string;
  /** Objects by request path (`/bucket/key`), with when each was written (tests may move it). */
  objects: Map<string, { body: Buffer; headers: http.IncomingHttpHeaders; lastModified: Date }>;
  close(): Promise<void>;
}

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A stand-in S3 endpoint on loopback that records what a driver sends: signed PUT, GET, DELETE, and
 * ListObjectsV2 (`pageSize` keys a page, so continuation is exercised).
 */
export async function startFakeS3({ pageSize = 1000 } = {}): Promise<FakeS3> {
  const objects: FakeS3["objects"] = new Map();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://s3.test");
      if (!String(request.headers.authorization).startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/")) {
        response.writeHead(403).end("unsigned");
      } else if (request.method === "PUT") {
        objects.set(url.pathname, { body: Buffer.concat(chunks), headers: request.headers, lastModified: new Date() });
        response.writeHead(200).end();
      } else if (request.method === "DELETE") {
        response.writeHead(objects.delete(url.pathname) ? 204 : 404).end();
      } else if (request.method === "GET" && url.searchParams.get("list-type") === "2") {
        const bucket = `${url.pathname.replace(/\/$/, "")}/`;
        const prefix = url.searchParams.get("prefix") ?? "";
        const keys = [...objects.entries()]
          .filter(([path]) => path.startsWith(bucket + prefix))
          .map(([path, object]) => ({ key: path.slice(bucket.length), modified: object.lastModified.toISOString() }))
          .sort((a, b) => a.key.localeCompare(b.key));
        const start = Number(url.searchParams.get("continuation-token") ?? 0);
        const page = keys.slice(start, start + pageSize);
        const truncated = start + pageSize < keys.length;
        const contents = page
          .map(
            ({ key, modified }) =>
              `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${modified}</LastModified></Contents>`,
          )
          .join("");
        response
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
              `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
              contents +
              (truncated ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : "") +
              "</ListBucketResult>",
          );
      } else if (request.method === "GET") {
        const object = objects.get(url.pathname);
        if (object)
          response.writeHead(200, { "content-type": String(object.headers["content-type"]) }).end(object.body);
        else response.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      } else response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
