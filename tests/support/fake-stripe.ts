import { createServer, type Server } from "node:http";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form-encoded body Stripe's SDK sent, decoded (`line_items[0][price_data][currency]` → value). */
  form: Record<string, string>;
}

export type FakeResponder = (request: RecordedRequest) => { status?: number; body: unknown };

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  /**
   * Replaces how the server answers (default: a checkout session echoing the request, a subscription
   * update, a customer portal session).
   */
  respond(responder: FakeResponder): void;
  close(): Promise<void>;
}

const defaultResponder: FakeResponder = (request) => {
  if (request.path === "/v1/checkout/sessions") {
    return {
      body: {
        id: "cs_test_recorded",
        object: "checkout.session",
        url: "https://checkout.stripe.com/c/pay/cs_test_recorded",
        mode: request.form.mode,
      },
    };
  }
  // A subscription update (a new amount, a pause or its end): the subscription as Stripe answers it.
  const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(request.path);
  if (subscription && request.method === "POST") {
    return { body: { id: subscription[1], object: "subscription", status: "active", metadata: {} } };
  }
  if (request.path === "/v1/billing_portal/sessions") {
    return {
      body: {
        id: "bps_recorded",
        object: "billing_portal.session",
        customer: request.form.customer,
        url: "https://billing.stripe.com/p/session/bps_recorded",
      },
    };
  }
  return { status: 404, body: { error: { type: "invalid_request_error", message: "Unknown path" } } };
};

/**
 * Stripe is unreachable from here: the SDK is pointed at this local server instead, which records
 * each request exactly as it would reach Stripe (HTTP method, path, headers, form body).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let responder = defaultResponder;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const params = new URLSearchParams(req.method === "GET" ? url.search : raw);
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: url.pathname,
        headers: req.headers,
        form: Object.fromEntries(params.entries()),
      };
      requests.push(recorded);
      const { status = 200, body } = responder(recorded);
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Stripe did not start");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    respond(next) {
      responder = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
