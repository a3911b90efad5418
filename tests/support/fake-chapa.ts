import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";

export interface ChapaRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body as sent (initialize); undefined for GET. */
  json: Record<string, unknown> | undefined;
}

/** How a transaction stands at the fake Chapa; verify answers from it. */
export interface FakeTransaction {
  status: "success" | "failed" | "pending";
  /** As Chapa writes it: "1000.00". */
  amount?: string;
  currency?: string;
  method?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export interface FakeChapa {
  url: string;
  requests: ChapaRequest[];
  /** What verify says of `txRef` from now on; a reference never settled is unknown to Chapa. */
  settle(txRef: string, transaction: FakeTransaction): void;
  /** The next answers to any request: an HTTP status with Chapa's error body, or no answer at all (timeout). */
  fail(next: Array<{ status: number } | "hang">): void;
  close(): Promise<void>;
}

/** A notification as Chapa signs it: HMAC-SHA256 of the exact body with the webhook secret, hex. */
export const chapaSignature = (body: string, secret: string): string =>
  createHmac("sha256", secret).update(body).digest("hex");

/**
 * Chapa is unreachable from here: the provider is pointed at this local server, which records each
 * request and answers as developer.chapa.co documents initialize and verify.
 */
export async function startFakeChapa(): Promise<FakeChapa> {
  const requests: ChapaRequest[] = [];
  const transactions = new Map<string, FakeTransaction & { initialized: Record<string, unknown> | undefined }>();
  const failures: Array<{ status: number } | "hang"> = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      const json = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      requests.push({ method: req.method ?? "", path, headers: req.headers, json });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const failure = failures.shift();
      if (failure === "hang") return; // never answers: the client's timeout must end it
      if (failure) return send(failure.status, { message: "Something went wrong", status: "failed", data: null });
      if (req.headers.authorization !== "Bearer CHASECK_TEST-fake0key") {
        return send(401, { message: "Invalid API Key or User doesn't exist", status: "failed", data: null });
      }
      if (req.method === "POST" && path === "/v1/transaction/initialize" && json) {
        const txRef = String(json.tx_ref);
        if (transactions.has(txRef)) {
          return send(400, { message: "Transaction reference has been used before", status: "failed", data: null });
        }
        transactions.set(txRef, { status: "pending", initialized: json });
        return send(200, {
          message: "Hosted Link",
          status: "success",
          data: { checkout_url: `https://checkout.chapa.co/checkout/payment/${txRef}` },
        });
      }
      const verify = /^\/v1\/transaction\/verify\/(.+)$/.exec(path);
      if (req.method === "GET" && verify) {
        const txRef = decodeURIComponent(verify[1] ?? "");
        const transaction = transactions.get(txRef);
        if (!transaction?.initialized) {
          return send(404, { message: "Invalid transaction or Transaction not found", status: "failed", data: null });
        }
        const asked = transaction.initialized;
        return send(200, {
          message: "Payment details",
          status: "success",
          data: {
            first_name: transaction.first_name ?? asked.first_name ?? null,
            last_name: transaction.last_name ?? asked.last_name ?? null,
            email: transaction.email ?? asked.email ?? null,
            currency: transaction.currency ?? asked.currency,
            amount: transaction.amount ?? asked.amount,
            charge: "35.00",
            mode: "test",
            method: transaction.method ?? "telebirr",
            type: "API",
            status: transaction.status,
            reference: `APf${txRef.slice(-8)}`,
            tx_ref: txRef,
            customization: asked.customization,
            meta: asked.meta,
            created_at: "2026-11-28T07:00:00.000000Z",
            updated_at: "2026-11-28T07:01:00.000000Z",
          },
        });
      }
      send(404, { message: "Not found", status: "failed", data: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Chapa did not start");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    settle(txRef, transaction) {
      const known = transactions.get(txRef);
      transactions.set(txRef, { ...transaction, initialized: known?.initialized });
    },
    fail(next) {
      failures.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
