import { createHmac } from "node:crypto";
import fc from "fast-check";
import type * as zc from "zod/v4/core";
import { LoginSchema } from "../../core/auth/auth.schema.ts";
import { BlogInputSchema } from "../../core/blogs/blogs.schema.ts";
import { CheckoutRequestSchema } from "../../core/donations/donations.schema.ts";
import { GalleryInputSchema, GalleryListQuerySchema } from "../../core/gallery/gallery.schema.ts";
import { ContactMessageSchema, MarkReadSchema } from "../../core/messages/messages.schema.ts";
import { PublicationInputSchema } from "../../core/publications/publications.schema.ts";
import { IdListSchema } from "../../core/shared/id-list.ts";
import { SubscribeSchema } from "../../core/subscribers/subscribers.schema.ts";
import { VideoInputSchema, VideoListQuerySchema } from "../../core/videos/videos.schema.ts";
import { StatusUpdateSchema, VolunteerApplicationSchema } from "../../core/volunteers/volunteers.schema.ts";
import type { RouteEntry } from "../../server/app.ts";
import { bodiesFor, mutated, oddText } from "./fuzz-arbitraries.ts";

/** What the route table cannot say about a route: the schema of its body or query, and its file field. */
interface RouteShape {
  body?: zc.$ZodType;
  query?: zc.$ZodType;
  /** Multipart file field of an upload route. */
  upload?: string;
}

const SHAPES: Record<string, RouteShape> = {
  "POST /api/admin/login": { body: LoginSchema },
  "GET /api/videos": { query: VideoListQuerySchema },
  "POST /api/videos": { body: VideoInputSchema },
  "PUT /api/videos/:id": { body: VideoInputSchema },
  "POST /api/subscribe": { body: SubscribeSchema },
  "DELETE /api/subscribe": { body: IdListSchema },
  "POST /api/volunteer": { body: VolunteerApplicationSchema },
  "PUT /api/volunteer/status": { body: StatusUpdateSchema },
  "DELETE /api/volunteer": { body: IdListSchema },
  "POST /api/messages": { body: ContactMessageSchema },
  "PUT /api/messages/admin/:id": { body: MarkReadSchema },
  "POST /api/blogs": { body: BlogInputSchema, upload: "image" },
  "PUT /api/blogs/:id": { body: BlogInputSchema, upload: "image" },
  "POST /api/publications": { body: PublicationInputSchema, upload: "image" },
  "PUT /api/publications/:id": { body: PublicationInputSchema, upload: "image" },
  "GET /api/gallery": { query: GalleryListQuerySchema },
  "POST /api/gallery": { body: GalleryInputSchema, upload: "images" },
  "PUT /api/gallery/:id": { body: GalleryInputSchema, upload: "images" },
  "POST /api/payments/create-checkout-session": { body: CheckoutRequestSchema },
};

const shapeOf = (route: RouteEntry): RouteShape => SHAPES[`${route.method} ${route.url}`] ?? {};

export type RequestKind =
  | "schema-json"
  | "mutated-json"
  | "any-json"
  | "malformed-json"
  | "wrong-content-type"
  | "multipart"
  | "malformed-multipart"
  | "odd-path-or-query"
  | "signed-webhook";

export interface FuzzRequest {
  kind: RequestKind;
  method: string;
  /** Path and query; `{known}` stands for an id the server handed out earlier in the run. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Files an upload may carry: real small images, and what should be refused cleanly. */
export interface FilePool {
  valid: Buffer[];
  refused: Buffer[];
}

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD first). */
const percentEncode = (text: string): string =>
  [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, "0").toUpperCase()}`,
    )
    .join("");

const oddSegment = fc.oneof(
  { weight: 3, arbitrary: oddText(40).map(percentEncode) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "..%2F..%2Fhope.sqlite",
      "%2e%2e%2f%2e%2e%2fsession-secret",
      "%",
      "%zz",
      "%E0%A4%A",
      "%00",
      "a".repeat(5000),
      "__proto__",
      "constructor",
      "null",
      "-1",
      "1e309",
      "%C0%AE%C0%AE",
      ".hidden.tmp",
    ),
  },
);

function pathFor(url: string): fc.Arbitrary<string> {
  if (!url.includes(":") && !url.includes("*")) return fc.constant(url);
  const tail = fc.array(oddSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join("/"));
  const id = fc.oneof({ weight: 3, arbitrary: fc.constant("{known}") }, { weight: 2, arbitrary: oddSegment });
  return fc.tuple(id, tail).map(([segment, rest]) => url.replace(/:[a-zA-Z]+/g, segment).replace("*", rest));
}

const oddQuery = fc.oneof(
  oddText(200).map((text) => `search=${percentEncode(text)}&page=${percentEncode(text.slice(0, 5))}`),
  fc.constantFrom(
    `${"a=1&".repeat(3000)}b=2`,
    `q=${"x".repeat(20_000)}`,
    "page=1&page=2&limit=3&limit=x",
    "page[]=1&limit[a]=2",
    "page=1e309&limit=-0",
    "limit=9007199254740993",
    "category=%E0%A4%A",
    "category=__proto__",
    "__proto__[admin]=1&constructor[prototype][x]=1",
    "=&&=&%=%",
    "search=%00",
    "page=0x10&limit=1_0",
  ),
);

function queryFor(shape: RouteShape): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [oddQuery];
  if (shape.query) {
    options.push(
      bodiesFor(shape.query).map((value) =>
        typeof value === "object" && value !== null
          ? new URLSearchParams(Object.entries(value).map(([k, v]) => [k, String(v)])).toString()
          : "",
      ),
    );
  }
  return fc.oneof(...options);
}

const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "image/png",
  "*/*",
  "application/jsonx",
  "multipart/mixed",
  "application/json, text/plain",
  "application/merge-patch+json",
];

const malformedJson = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.jsonValue().map((v) => {
    const text = JSON.stringify(v) ?? "null";
    return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  }),
  fc.constantFrom(
    '{"a":1,}',
    "\uFEFF{}",
    "{'a':1}",
    "NaN",
    "[".repeat(50_000),
    `{"a":"${"\\u0000".repeat(100)}"}`,
    "",
    "{}{}",
  ),
);

function jsonRequest(kind: RequestKind, body: fc.Arbitrary<unknown>): fc.Arbitrary<Partial<FuzzRequest>> {
  return body.map((value) => ({
    kind,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(value) ?? "null",
  }));
}

/** A multipart body as a browser sends it (the bytes and boundary of a real FormData). */
async function formBytes(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request("http://chaos.test", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") as string,
  };
}

interface MultipartPlan {
  fields: Record<string, string>;
  files: Array<{ field: string; bytes: Buffer; name: string }>;
}

function multipartPlan(shape: RouteShape, files: FilePool): fc.Arbitrary<MultipartPlan> {
  const fieldsArb = shape.body
    ? fc.oneof(bodiesFor(shape.body), mutated(bodiesFor(shape.body)))
    : fc.dictionary(fc.string({ maxLength: 10 }), fc.string());
  const file = fc.record({
    field: fc.oneof(
      { weight: 4, arbitrary: fc.constant(shape.upload ?? "file") },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
    ),
    bytes: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...files.valid) },
      { weight: 2, arbitrary: fc.constantFrom(...files.refused) },
    ),
    name: fc.oneof(fc.constant("photo.jpg"), oddText(30), fc.constant("../../evil.sh")),
  });
  return fc.record({
    fields: fieldsArb.map((value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
          )
        : {},
    ),
    files: fc.array(file, { maxLength: 3 }),
  });
}

async function multipartBody(plan: MultipartPlan): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(plan.fields)) form.append(name, value);
  for (const file of plan.files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), file.name);
  return formBytes(form);
}

const malformedMultipart = fc.oneof(
  fc
    .string({ maxLength: 200 })
    .map((garbage) => ({ contentType: "multipart/form-data; boundary=x", payload: garbage })),
  fc.constant({
    contentType: "multipart/form-data",
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  }),
  fc.constant({ contentType: `multipart/form-data; boundary=${"b".repeat(200)}`, payload: "--b\r\n\r\n" }),
  fc.constant({
    contentType: "multipart/form-data; boundary=x",
    payload:
      '--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
  }),
  fc.constant({
    contentType: "multipart/form-data; boundary=x",
    payload: "--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--\r\n",
  }),
  fc.constant({ contentType: "multipart/form-data; boundary=x", payload: "--y\r\n\r\n--y--" }),
);

export type Identity = "anonymous" | "admin";

const oddAuthorization = fc.constantFrom(
  "Bearer",
  "Bearer ",
  "Bearer x",
  "Basic YWRtaW46YWRtaW4=",
  `Bearer ${"a".repeat(10_000)}`,
  "Bearer \u0000",
  "bearer  a b",
);

/**
 * Requests for one route: bodies from its schema (valid-looking and bent), broken JSON, wrong
 * content types, multipart good and broken, odd paths and query strings. A signed-webhook
 * generator is added for the Stripe webhook (see webhookRequests).
 */
export function requestsFor(
  route: RouteEntry,
  identity: Identity,
  files: FilePool,
): fc.Arbitrary<FuzzRequest | Promise<FuzzRequest>> {
  const shape = shapeOf(route);
  const hasBody = !["GET", "HEAD", "OPTIONS", "TRACE"].includes(route.method);
  const bodies = shape.body ? bodiesFor(shape.body) : fc.jsonValue({ maxDepth: 3 });
  const kinds: Array<{
    weight: number;
    arbitrary: fc.Arbitrary<Partial<FuzzRequest> | Promise<Partial<FuzzRequest>>>;
  }> = [{ weight: 2, arbitrary: fc.constant({ kind: "odd-path-or-query" as const, headers: {} }) }];
  if (hasBody) {
    kinds.push(
      { weight: shape.upload ? 1 : 4, arbitrary: jsonRequest("schema-json", bodies) },
      { weight: 3, arbitrary: jsonRequest("mutated-json", mutated(bodies)) },
      { weight: 1, arbitrary: jsonRequest("any-json", fc.jsonValue()) },
      {
        weight: 1,
        arbitrary: malformedJson.map((payload) => ({
          kind: "malformed-json" as const,
          headers: { "content-type": "application/json" },
          payload,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), bodies).map(([type, body]) => ({
          kind: "wrong-content-type" as const,
          headers: { "content-type": type },
          payload: type.includes("urlencoded") ? "a=1&b=%zz&c" : (JSON.stringify(body) ?? ""),
        })),
      },
      {
        weight: shape.upload ? 4 : 1,
        arbitrary: multipartPlan(shape, files).map(async (plan) => {
          const { payload, contentType } = await multipartBody(plan);
          return { kind: "multipart" as const, headers: { "content-type": contentType }, payload };
        }),
      },
      {
        weight: shape.upload ? 2 : 1,
        arbitrary: malformedMultipart.map(({ contentType, payload }) => ({
          kind: "malformed-multipart" as const,
          headers: { "content-type": contentType },
          payload: Buffer.from(payload, "latin1"),
        })),
      },
    );
  }
  return fc
    .tuple(
      fc.oneof(...kinds),
      pathFor(route.url),
      fc.option(queryFor(shape), { freq: 3 }),
      identity === "anonymous" ? fc.option(oddAuthorization, { freq: 4 }) : fc.constant(null),
    )
    .map(([partOrPromise, path, query, authorization]) => {
      const finish = (part: Partial<FuzzRequest>): FuzzRequest => ({
        kind: part.kind ?? "odd-path-or-query",
        method: route.method,
        url: query === null ? path : `${path}?${query}`,
        headers: { ...(part.headers ?? {}), ...(authorization === null ? {} : { authorization }) },
        ...(part.payload === undefined ? {} : { payload: part.payload }),
      });
      return partOrPromise instanceof Promise ? partOrPromise.then(finish) : finish(partOrPromise);
    });
}

const EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "checkout.session.async_payment_failed",
  "invoice.paid",
  "charge.refunded",
  "customer.subscription.deleted",
  "customer.created",
];

/**
 * Well-formed Stripe events signed with the webhook secret, with ids, amounts and references drawn
 * at random (some naming donations the run created): the ledger logic under odd orders and values.
 */
export function signedWebhookRequests(): fc.Arbitrary<FuzzRequest> {
  // Stripe's ids are unique across objects: two sessions never share a subscription or an intent.
  const ref = (prefix: string) =>
    fc.oneof(
      fc.uuid().map((id) => `${prefix}_${id.replaceAll("-", "")}`),
      fc.constant(null),
    );
  // Shaped as Stripe sends them for this site's own checkouts: an object always has an id, an
  // invoice or charge a currency, and a session's total is what the site asked for ($1 and up).
  const object = fc.record({
    id: fc.uuid().map((id) => `obj_${id.replaceAll("-", "")}`),
    object: fc.constantFrom("checkout.session", "invoice", "charge", "subscription"),
    mode: fc.constantFrom("payment", "subscription", null),
    payment_status: fc.constantFrom("paid", "unpaid", "no_payment_required"),
    amount_total: fc.integer({ min: 100, max: 10_000_000 }),
    amount_paid: fc.integer({ min: 0, max: 10_000_000 }),
    amount_refunded: fc.integer({ min: 0, max: 10_000_000 }),
    amount: fc.integer({ min: 0, max: 10_000_000 }),
    currency: fc.constantFrom("usd", "eur"),
    customer: ref("cus"),
    subscription: ref("sub"),
    invoice: ref("in"),
    payment_intent: ref("pi"),
    customer_email: fc.oneof(fc.emailAddress(), fc.constant(null)),
    customer_details: fc.option(fc.record({ email: fc.option(fc.emailAddress()), name: fc.option(fc.string()) })),
    client_reference_id: fc.option(fc.uuid()),
    metadata: fc.record({ donation_id: fc.oneof(fc.constant("{donation}"), fc.uuid(), fc.string({ maxLength: 8 })) }),
    parent: fc.option(
      fc.record({
        subscription_details: fc.record({
          subscription: ref("sub"),
          metadata: fc.record({ donation_id: fc.constant("{donation}") }),
        }),
      }),
    ),
  });
  return fc
    .record({
      id: fc.stringMatching(/^[A-Za-z0-9]{1,10}$/).map((s) => `evt_${s}`),
      type: fc.constantFrom(...EVENT_TYPES),
      object,
    })
    .map((event) => ({
      kind: "signed-webhook" as const,
      method: "POST",
      url: "/api/payments/webhook",
      // Signed (and `{donation}` filled in) when sent: see signWebhook.
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        id: event.id,
        object: "event",
        api_version: "2026-10-28.endive",
        created: 0,
        type: event.type,
        data: { object: event.object },
      }),
    }));
}

/** Fills in a donation id and signs the event as Stripe would, at the moment it is sent. */
export function signWebhook(request: FuzzRequest, secret: string, donationId: string): FuzzRequest {
  const timestamp = Math.floor(Date.now() / 1000);
  const payload = String(request.payload)
    .replaceAll("{donation}", donationId)
    .replace('"created":0', `"created":${timestamp}`);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return { ...request, payload, headers: { ...request.headers, "stripe-signature": `t=${timestamp},v1=${signature}` } };
}

/**
 * Chapa's notifications (`charge.*` events), signed over their exact bytes with the webhook secret,
 * naming a checkout the run opened (`{chapa}`, filled in when sent) or a made-up reference. The
 * service only takes them as a reason to ask verify, which the fake Chapa answers.
 */
export function signedChapaRequests(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      event: fc.constantFrom("charge.success", "charge.failed/cancelled", "charge.refunded", "payout.success"),
      status: fc.constantFrom("success", "failed", "pending", "refunded"),
      amount: fc.oneof(
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${n}.00`),
        fc.constantFrom("0", "-5.00", "abc", "1e9"),
      ),
      currency: fc.constantFrom("ETB", "USD", "etb"),
      tx_ref: fc.oneof(
        fc.constant("{chapa}"),
        fc.uuid().map((id) => `hbb-${id}`),
        fc.string({ maxLength: 300 }),
      ),
      email: fc.option(fc.emailAddress()),
      payment_method: fc.constantFrom("telebirr", "cbebirr", "mpesa", "card", ""),
    })
    .map((event) => ({
      kind: "signed-webhook" as const,
      method: "POST",
      url: "/api/payments/chapa/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ ...event, first_name: "Fuzz", reference: "APfuzz" }),
    }));
}

/** Fills in a checkout reference and signs the notification as Chapa does (hex HMAC-SHA256 of the body). */
export function signChapaWebhook(request: FuzzRequest, secret: string, txRef: string): FuzzRequest {
  const payload = String(request.payload).replaceAll("{chapa}", txRef);
  const signature = createHmac("sha256", secret).update(payload).digest("hex");
  return { ...request, payload, headers: { ...request.headers, "x-chapa-signature": signature } };
}
