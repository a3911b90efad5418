import { isAcknowledged, type Outcome, type RequestOptions, send } from "./api-client.ts";
import { imagePart } from "./images.ts";
import type { Random } from "./random.ts";

/**
 * Mixed writes as staff and visitors make them, with a ledger of what the server acknowledged.
 * A write that got a 2xx must be readable afterwards, whatever happened to the process; a write
 * that got no answer (the process died) may or may not have happened, so either state is accepted.
 */
export type Kind =
  | "gallery"
  | "blog"
  | "publication"
  | "video"
  | "subscriber"
  | "message"
  | "volunteer"
  | "gift"
  | "newsletter";

const DELETED = "(deleted)";

/** The acknowledged write behind an item's state: what was asked, what came back and when. */
interface Evidence {
  request: string;
  status: number;
  answer: string;
  /** When the answer arrived (ms since the epoch). */
  at: number;
}

interface Tracked {
  kind: Kind;
  /** Server id, once known (subscribers, messages and volunteers are found by a token in their text). */
  id: string | undefined;
  token: string;
  /** The state the last acknowledged write left. */
  acked: string;
  /** States the row may be in now: the acknowledged one and any written since without an answer. */
  possible: Set<string>;
  busy: boolean;
  /** Written since the last check (a long campaign reads back only those after each kill, all at the end). */
  changed: boolean;
  evidence: Evidence | undefined;
}

export interface LostWrite {
  kind: Kind;
  token: string;
  expected: string[];
  found: string;
  /** The 2xx whose effect is gone. */
  evidence: Evidence | undefined;
}

/** What a diagnostic shows of a write and its answer. */
function evidenceOf(request: string, outcome: Outcome): Evidence | undefined {
  if (outcome.status === "no-answer") return undefined;
  const answer = typeof outcome.body === "string" ? outcome.body : JSON.stringify(outcome.body);
  return { request, status: outcome.status, answer: answer.slice(0, 200), at: Date.now() };
}

export class Ledger {
  private readonly tracked: Tracked[] = [];
  acknowledged = 0;
  unanswered = 0;

  add(kind: Kind, token: string, state: string, id: string | undefined, evidence: Evidence | undefined): Tracked {
    this.acknowledged++;
    const item = { kind, id, token, acked: state, possible: new Set([state]), busy: false, changed: true, evidence };
    this.tracked.push(item);
    return item;
  }

  /** An existing, idle, not deleted item of a kind (with a known id), marked busy for one write. */
  take(kind: Kind, random: Random): Tracked | undefined {
    const idle = this.tracked.filter((t) => t.kind === kind && !t.busy && t.id && t.acked !== DELETED);
    const item = idle.length > 0 ? random.pick(idle) : undefined;
    if (item) item.busy = true;
    return item;
  }

  /** Records the outcome of a write that would move `item` to `state`. */
  settle(item: Tracked, state: string, outcome: Outcome, request: string) {
    item.busy = false;
    item.changed = true;
    if (isAcknowledged(outcome)) {
      this.acknowledged++;
      item.acked = state;
      item.possible = new Set([state]);
      item.evidence = evidenceOf(request, outcome);
    } else {
      // A refusal or no answer: the old state stays possible, the new one too (it may have committed).
      if (outcome.status === "no-answer") this.unanswered++;
      item.possible.add(state);
    }
  }

  /** Forgets in-flight marks after a kill (their requests are gone). */
  release() {
    for (const item of this.tracked) item.busy = false;
  }

  withoutId(kind: Kind): Tracked[] {
    return this.tracked.filter((t) => t.kind === kind && !t.id);
  }

  all(): readonly Tracked[] {
    return this.tracked;
  }
}

const GALLERY_CATEGORIES = ["Partnerships", "Education", "Support", "Skills Training"];
const VIDEO_CATEGORIES = ["Testimonials", "Program Highlights", "Community Stories"];
const STATUSES = ["Pending", "Contacted", "Accepted", "Rejected", "Canceled"];

export interface WorkloadContext {
  baseUrl: string;
  token: string;
  ledger: Ledger;
  random: Random;
  images: Buffer[];
  /** Unique per run, so tokens never collide with an earlier run's rows. */
  runId: string;
  /** Set while a newsletter is being created and sent: one send at a time is in flight. */
  newsletterBusy?: boolean;
}

let serial = 0;
const nextToken = (context: WorkloadContext) => `${context.runId}-${++serial}`;
const visitorIp = (random: Random) => `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;

function imageForm(context: WorkloadContext, fields: Record<string, string>, field: string, count: number): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (let i = 0; i < count; i++) form.append(field, ...imagePart(context.random.pick(context.images)));
  return form;
}

const galleryFields = (title: string, random: Random) => ({
  title,
  description: `Chaos run item ${title}`,
  category: random.pick(GALLERY_CATEGORIES),
  eventDate: `2026-0${random.int(1, 9)}-1${random.int(0, 9)}`,
});
const blogFields = (title: string) => ({
  title,
  excerpt: "A post written while the server was being killed.",
  authorName: "Chaos Monkey",
  content: `<p>Body of ${title}, long enough to be a post.</p>`,
});
const publicationFields = (title: string) => ({
  title,
  description: "Written under kill -9.",
  link: "https://example.org/report",
  publicationDate: "2026-03-14",
});
const videoBody = (title: string, random: Random) => ({
  title,
  description: "A video added under kill -9.",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  category: random.pick(VIDEO_CATEGORIES),
});

const PLURAL: Record<"gallery" | "blog" | "publication" | "video", string> = {
  gallery: "gallery",
  blog: "blogs",
  publication: "publications",
  video: "videos",
};

type Operation = (context: WorkloadContext) => Promise<void>;

/** A form's fields for a diagnostic (files are named by count, not content). */
const describeForm = (form: FormData) =>
  [...form.entries()]
    .map(([name, value]) => (typeof value === "string" ? `${name}=${value}` : `${name}=<file>`))
    .join("&");

/** Sends a write and names it for a diagnostic ("POST /api/gallery title=…"). */
async function write(
  context: WorkloadContext,
  method: string,
  pathname: string,
  options: Omit<RequestOptions, "token"> & { asStaff?: boolean },
): Promise<{ outcome: Outcome; request: string }> {
  const body = options.form
    ? describeForm(options.form)
    : options.json === undefined
      ? ""
      : JSON.stringify(options.json);
  const request = `${method} ${pathname} ${body}`.trim().slice(0, 300);
  const outcome = await send(context.baseUrl, method, pathname, {
    ...options,
    ...(options.asStaff === false ? {} : { token: context.token }),
  });
  return { outcome, request };
}

async function createWithImage(context: WorkloadContext, kind: "gallery" | "blog" | "publication") {
  const title = nextToken(context);
  const form =
    kind === "gallery"
      ? imageForm(context, galleryFields(title, context.random), "images", context.random.int(1, 2))
      : imageForm(context, kind === "blog" ? blogFields(title) : publicationFields(title), "image", 1);
  const { outcome, request } = await write(context, "POST", `/api/${PLURAL[kind]}`, { form });
  if (isAcknowledged(outcome) && "body" in outcome)
    context.ledger.add(kind, title, title, outcome.body._id, evidenceOf(request, outcome));
}

async function updateWithImage(context: WorkloadContext, kind: "gallery" | "blog" | "publication") {
  const item = context.ledger.take(kind, context.random);
  if (!item) return createWithImage(context, kind);
  const title = `${item.token}-u${nextToken(context)}`;
  const withImage = context.random.next() < 0.6 ? 1 : 0;
  const form =
    kind === "gallery"
      ? imageForm(context, galleryFields(title, context.random), "images", withImage)
      : imageForm(context, kind === "blog" ? blogFields(title) : publicationFields(title), "image", withImage);
  const { outcome, request } = await write(context, "PUT", `/api/${PLURAL[kind]}/${item.id}`, { form });
  context.ledger.settle(item, title, outcome, request);
}

async function remove(context: WorkloadContext, kind: "gallery" | "blog" | "publication" | "video") {
  const item = context.ledger.take(kind, context.random);
  if (!item) return;
  const { outcome, request } = await write(context, "DELETE", `/api/${PLURAL[kind]}/${item.id}`, {});
  context.ledger.settle(item, DELETED, outcome, request);
}

/** Each gift has a donor address of its own, so its receipt is found in the mail sink by recipient. */
const giftDonorEmail = (token: string) => `donor-${token}@example.org`;

/** A gift recorded by staff with the donor's address: its receipt (PDF) is e-mailed by a job. */
const offlineGift = (token: string) => ({
  receivedOn: "2026-11-20",
  method: "bank-transfer",
  amount: "50",
  currency: "usd",
  etbPerUsd: null,
  fund: null,
  donorName: "Chaos Donor",
  donorEmail: giftDonorEmail(token),
  reference: token,
  note: null,
});

/**
 * A newsletter written and sent to the confirmed subscribers (a few hundred, imported at the start),
 * only while no other send is under way: more would lengthen the run, not vary what the kills meet.
 */
export async function newsletter(c: WorkloadContext) {
  if (c.newsletterBusy) return;
  c.newsletterBusy = true;
  try {
    const list = await send(c.baseUrl, "GET", "/api/newsletters", { token: c.token });
    if (!isAcknowledged(list) || !("body" in list) || !Array.isArray(list.body)) return;
    if (list.body.some((n: { state?: string }) => n.state === "sending")) return;
    const subject = nextToken(c);
    const created = await write(c, "POST", "/api/newsletters", {
      json: { subject, content: `<p>News written under kill -9 (${subject}).</p>` },
    });
    if (!isAcknowledged(created.outcome) || !("body" in created.outcome)) return;
    const item = c.ledger.add(
      "newsletter",
      subject,
      "draft",
      created.outcome.body._id,
      evidenceOf(created.request, created.outcome),
    );
    item.busy = true;
    const sent = await write(c, "POST", `/api/newsletters/${item.id}/send`, { json: {} });
    c.ledger.settle(item, "sent", sent.outcome, sent.request);
  } finally {
    c.newsletterBusy = false;
  }
}

const operations: Record<string, { weight: number; run: Operation }> = {
  createGallery: { weight: 4, run: (c) => createWithImage(c, "gallery") },
  updateGallery: { weight: 2, run: (c) => updateWithImage(c, "gallery") },
  deleteGallery: { weight: 1, run: (c) => remove(c, "gallery") },
  createBlog: { weight: 1, run: (c) => createWithImage(c, "blog") },
  updateBlog: { weight: 1, run: (c) => updateWithImage(c, "blog") },
  deleteBlog: { weight: 0.5, run: (c) => remove(c, "blog") },
  createPublication: { weight: 1, run: (c) => createWithImage(c, "publication") },
  deletePublication: { weight: 0.5, run: (c) => remove(c, "publication") },
  createVideo: {
    weight: 2,
    async run(c) {
      const title = nextToken(c);
      const { outcome, request } = await write(c, "POST", "/api/videos", { json: videoBody(title, c.random) });
      if (isAcknowledged(outcome) && "body" in outcome)
        c.ledger.add("video", title, title, outcome.body._id, evidenceOf(request, outcome));
    },
  },
  updateVideo: {
    weight: 1,
    async run(c) {
      const item = c.ledger.take("video", c.random);
      if (!item) return;
      const title = `${item.token}-u${nextToken(c)}`;
      const { outcome, request } = await write(c, "PUT", `/api/videos/${item.id}`, {
        json: videoBody(title, c.random),
      });
      c.ledger.settle(item, title, outcome, request);
    },
  },
  deleteVideo: { weight: 0.5, run: (c) => remove(c, "video") },
  subscribe: {
    weight: 2,
    async run(c) {
      const email = `${nextToken(c)}@example.org`;
      const { outcome, request } = await write(c, "POST", "/api/subscribe", {
        json: { email },
        visitorIp: visitorIp(c.random),
        asStaff: false,
      });
      if (isAcknowledged(outcome))
        c.ledger.add("subscriber", email, "subscribed", undefined, evidenceOf(request, outcome));
    },
  },
  contactMessage: {
    weight: 2,
    async run(c) {
      const token = nextToken(c);
      const { outcome, request } = await write(c, "POST", "/api/messages", {
        json: { name: "Chaos Visitor", email: "visitor@example.org", message: `Message ${token}` },
        visitorIp: visitorIp(c.random),
        asStaff: false,
      });
      if (isAcknowledged(outcome))
        c.ledger.add("message", token, "read:false", undefined, evidenceOf(request, outcome));
    },
  },
  markMessage: {
    weight: 1,
    async run(c) {
      const item = c.ledger.take("message", c.random);
      if (!item) return;
      const isRead = item.acked !== "read:true";
      const { outcome, request } = await write(c, "PUT", `/api/messages/admin/${item.id}`, { json: { isRead } });
      c.ledger.settle(item, `read:${isRead}`, outcome, request);
    },
  },
  volunteer: {
    weight: 1,
    async run(c) {
      const token = nextToken(c);
      const { outcome, request } = await write(c, "POST", "/api/volunteer", {
        json: {
          fullName: `Volunteer ${token}`,
          email: "volunteer@example.org",
          phone: "+251 911 000 000",
          age: 30,
          interest: "Event Support",
          motivation: "I want to help.",
          availability: "Weekends",
        },
        visitorIp: visitorIp(c.random),
        asStaff: false,
      });
      if (isAcknowledged(outcome)) c.ledger.add("volunteer", token, "Pending", undefined, evidenceOf(request, outcome));
    },
  },
  volunteerStatus: {
    weight: 1,
    async run(c) {
      const item = c.ledger.take("volunteer", c.random);
      if (!item) return;
      const status = c.random.pick(STATUSES);
      const { outcome, request } = await write(c, "PUT", "/api/volunteer/status", { json: { ids: [item.id], status } });
      c.ledger.settle(item, status, outcome, request);
    },
  },
  offlineGift: {
    weight: 3,
    async run(c) {
      const token = nextToken(c);
      const { outcome, request } = await write(c, "POST", "/api/offline-gifts", { json: offlineGift(token) });
      if (isAcknowledged(outcome) && "body" in outcome)
        c.ledger.add("gift", token, "recorded", outcome.body._id, evidenceOf(request, outcome));
    },
  },
  newsletter: { weight: 2, run: newsletter },
};

const weights = Object.fromEntries(Object.entries(operations).map(([name, op]) => [name, op.weight]));

/** Runs `workers` loops of random writes until `signal` aborts; returns when every loop has stopped. */
export async function runWorkload(context: WorkloadContext, workers: number, signal: AbortSignal): Promise<void> {
  await learnIds(context);
  const loop = async () => {
    while (!signal.aborted) {
      const name = context.random.weighted(weights);
      await operations[name]?.run(context);
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
}

/** Admin lists give the ids of messages and applications, which their public forms do not return. */
async function learnIds(context: WorkloadContext) {
  for (const [kind, pathname, text] of [
    ["message", "/api/messages/admin", (row: any) => String(row.message)],
    ["volunteer", "/api/volunteer", (row: any) => String(row.fullName)],
  ] as const) {
    const pending = context.ledger.withoutId(kind);
    if (pending.length === 0) continue;
    const outcome = await send(context.baseUrl, "GET", pathname, { token: context.token });
    if (!isAcknowledged(outcome) || !("body" in outcome) || !Array.isArray(outcome.body)) continue;
    for (const item of pending) item.id = outcome.body.find((row: any) => text(row).endsWith(item.token))?._id;
  }
}

/**
 * Imports `count` confirmed subscribers (consent given) through the admin import, and waits until its
 * job has added them: the audience every newsletter of the run goes to.
 */
export async function importSubscribers(baseUrl: string, token: string, runId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => `reader-${runId}-${i}@example.org,yes`);
  const started = await send(baseUrl, "POST", "/api/subscribe/import", {
    token,
    json: { csv: ["email,consent", ...rows].join("\n"), source: "chaos run readers" },
  });
  if (!isAcknowledged(started) || !("body" in started)) {
    throw new Error(`subscriber import refused: ${JSON.stringify(started).slice(0, 300)}`);
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await send(baseUrl, "GET", `/api/subscribe/import/${started.body.id}`, { token });
    if (isAcknowledged(status) && "body" in status && status.body.status === "done") {
      if (status.body.confirmed !== count) throw new Error(`import confirmed ${status.body.confirmed} of ${count}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`subscriber import not done in 120 s: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Reads tracked items back (`changedOnly`: those written since the last check); an item whose
 * state is none of its possible ones is a lost write.
 */
export async function verifyLedger(
  baseUrl: string,
  token: string,
  ledger: Ledger,
  { changedOnly }: { changedOnly: boolean },
): Promise<LostWrite[]> {
  const lists = {
    subscriber: await readList(baseUrl, token, "/api/subscribe"),
    message: await readList(baseUrl, token, "/api/messages/admin"),
    volunteer: await readList(baseUrl, token, "/api/volunteer"),
    gift: await readList(baseUrl, token, "/api/offline-gifts"),
    newsletter: await readList(baseUrl, token, "/api/newsletters"),
  };
  const lost: LostWrite[] = [];
  for (const item of ledger.all()) {
    if (changedOnly && !item.changed) continue;
    item.changed = false;
    const found = await currentState(baseUrl, item, lists);
    if (!item.possible.has(found)) {
      lost.push({ kind: item.kind, token: item.token, expected: [...item.possible], found, evidence: item.evidence });
    }
  }
  return lost;
}

export async function readList(baseUrl: string, token: string, pathname: string): Promise<any[]> {
  const outcome = await send(baseUrl, "GET", pathname, { token });
  if (!isAcknowledged(outcome) || !("body" in outcome) || !Array.isArray(outcome.body)) {
    throw new Error(`cannot read ${pathname} to check the ledger: ${JSON.stringify(outcome).slice(0, 300)}`);
  }
  return outcome.body;
}

async function currentState(
  baseUrl: string,
  item: Tracked,
  lists: Record<"subscriber" | "message" | "volunteer" | "gift" | "newsletter", any[]>,
) {
  switch (item.kind) {
    case "subscriber":
      return lists.subscriber.some((row) => row.email === item.token) ? "subscribed" : DELETED;
    case "message": {
      const row = lists.message.find((r) => String(r.message).endsWith(item.token));
      return row ? `read:${row.isRead}` : DELETED;
    }
    case "volunteer": {
      const row = lists.volunteer.find((r) => String(r.fullName).endsWith(item.token));
      return row ? String(row.status) : DELETED;
    }
    case "gift":
      return lists.gift.some((row) => row._id === item.id) ? "recorded" : DELETED;
    case "newsletter": {
      // An acknowledged send leaves it sending or sent, never a draft again.
      const row = lists.newsletter.find((r) => r._id === item.id);
      if (!row) return DELETED;
      return row.state === "sending" || row.state === "sent" ? "sent" : String(row.state);
    }
    default: {
      const outcome = await send(baseUrl, "GET", `/api/${PLURAL[item.kind]}/${item.id}`);
      if (outcome.status === 404) return DELETED;
      if (isAcknowledged(outcome) && "body" in outcome) return String(outcome.body.title);
      return `unreadable (${outcome.status})`;
    }
  }
}
