/**
 * What node:http alone costs for an answer (docs/performance-log/0553-benches-compare-cost-per-answer.md): a server with no framework and no
 * work of its own, writing the bytes and headers it was given (a JSON file `{ headers, body }`, the body
 * base64) for every request, on 127.0.0.1, as its own process like the site. Prints the port it listens on.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

const given = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as {
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(given.body, "base64");
const head = [...Object.entries(given.headers).flat(), "content-length", String(body.length)];
const server = http.createServer((_request, response) => {
  response.writeHead(200, head);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
