/**
 * The reference for API speed (docs/architecture.md#performance-budgets): a bare Fastify
 * hello-world on 127.0.0.1, run as its own process like the site. Prints the port it listens on.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
