import { isAcknowledged, type Outcome, send } from "./api-client.ts";
import { imagePart } from "./images.ts";
import type { Random } from "./random.ts";

/**
 * Mixed writes as staff and visitors make them, with a ledger of what the server acknowledged.
 * A write that got a 2xx must be readable afterwards, whatever happened to the process; a write
 * that got no answer (the process died) may or may not have happened, so either state is accepted.
 */
export type Kind = "gallery" | "blog" | "publication" | "video" | "subscriber" | "message" | "volunteer";

const DELETED = "(deleted)";

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
}

export interface LostWrite {
  kind: Kind;
  token: string;
  expected: string[];
  found: string;
}

export class Ledger {
  private readonly tracked: Tracked[] = [];
  acknowledged = 0;
  unanswered = 0;

  add(kind: Kind, token: string, state: string, id?: string) {
    this.acknowledged++;
    this.tracked.push({ kind, id, token, acked: state, possible: new Set([state]), busy: false });
  }

  /** An existing, idle, not deleted item of a kind (with a known id), marked busy for one write. */
  take(kind: Kind, random: Random): Tracked | undefined {
    const idle = this.tracked.filter((t) => t.kind === kind && !t.busy && t.id && t.acked !== DELETED);
    const item = idle.length > 0 ? random.pick(idle) : undefined;
    if (item) item.busy = true;
    return item;
  }

  /** Records the outcome of a write that would move `item` to `state`. */
  settle(item: Tracked, state: string, outcome: Outcome) {
    item.busy = false;
    if (isAcknowledged(outcome)) {
      this.acknowledged++;
      item.acked = state;
      item.possible = new Set([state]);
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

async function createWithImage(context: WorkloadContext, kind: "gallery" | "blog" | "publication") {
  const title = nextToken(context);
  const form =
    kind === "gallery"
      ? imageForm(context, galleryFields(title, context.random), "images", context.random.int(1, 2))
      : imageForm(context, kind === "blog" ? blogFields(title) : publicationFields(title), "image", 1);
  const outcome = await send(context.baseUrl, "POST", `/api/${PLURAL[kind]}`, { token: context.token, form });
  if (isAcknowledged(outcome) && "body" in outcome) context.ledger.add(kind, title, title, outcome.body._id);
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
  const outcome = await send(context.baseUrl, "PUT", `/api/${PLURAL[kind]}/${item.id}`, { token: context.token, form });
  context.ledger.settle(item, title, outcome);
}

async function remove(context: WorkloadContext, kind: "gallery" | "blog" | "publication" | "video") {
  const item = context.ledger.take(kind, context.random);
  if (!item) return;
  const outcome = await send(context.baseUrl, "DELETE", `/api/${PLURAL[kind]}/${item.id}`, { token: context.token });
  context.ledger.settle(item, DELETED, outcome);
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
      const outcome = await send(c.baseUrl, "POST", "/api/videos", {
        token: c.token,
        json: videoBody(title, c.random),
      });
      if (isAcknowledged(outcome) && "body" in outcome) c.ledger.add("video", title, title, outcome.body._id);
    },
  },
  updateVideo: {
    weight: 1,
    async run(c) {
      const item = c.ledger.take("video", c.random);
      if (!item) return;
      const title = `${item.token}-u${nextToken(c)}`;
      const outcome = await send(c.baseUrl, "PUT", `/api/videos/${item.id}`, {
        token: c.token,
        json: videoBody(title, c.random),
      });
      c.ledger.settle(item, title, outcome);
    },
  },
  deleteVideo: { weight: 0.5, run: (c) => remove(c, "video") },
  subscribe: {
    weight: 2,
    async run(c) {
      const email = `${nextToken(c)}@example.org`;
      const outcome = await send(c.baseUrl, "POST", "/api/subscribe", {
        json: { email },
        visitorIp: visitorIp(c.random),
      });
      if (isAcknowledged(outcome)) c.ledger.add("subscriber", email, "subscribed");
    },
  },
  contactMessage: {
    weight: 2,
    async run(c) {
      const token = nextToken(c);
      const outcome = await send(c.baseUrl, "POST", "/api/messages", {
        json: { name: "Chaos Visitor", email: "visitor@example.org", message: `Message ${token}` },
        visitorIp: visitorIp(c.random),
      });
      if (isAcknowledged(outcome)) c.ledger.add("message", token, "read:false");
    },
  },
  markMessage: {
    weight: 1,
    async run(c) {
      const item = c.ledger.take("message", c.random);
      if (!item) return;
      const isRead = item.acked !== "read:true";
      const outcome = await send(c.baseUrl, "PUT", `/api/messages/admin/${item.id}`, {
        token: c.token,
        json: { isRead },
      });
      c.ledger.settle(item, `read:${isRead}`, outcome);
    },
  },
  volunteer: {
    weight: 1,
    async run(c) {
      const token = nextToken(c);
      const outcome = await send(c.baseUrl, "POST", "/api/volunteer", {
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
      });
      if (isAcknowledged(outcome)) c.ledger.add("volunteer", token, "Pending");
    },
  },
  volunteerStatus: {
    weight: 1,
    async run(c) {
      const item = c.ledger.take("volunteer", c.random);
      if (!item) return;
      const status = c.random.pick(STATUSES);
      const outcome = await send(c.baseUrl, "PUT", "/api/volunteer/status", {
        token: c.token,
        json: { ids: [item.id], status },
      });
      c.ledger.settle(item, status, outcome);
    },
  },
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

/** Reads every tracked item back; an item whose state is none of its possible ones is a lost write. */
export async function verifyLedger(baseUrl: string, token: string, ledger: Ledger): Promise<LostWrite[]> {
  const lists = {
    subscriber: await readList(baseUrl, token, "/api/subscribe"),
    message: await readList(baseUrl, token, "/api/messages/admin"),
    volunteer: await readList(baseUrl, token, "/api/volunteer"),
  };
  const lost: LostWrite[] = [];
  for (const item of ledger.all()) {
    const found = await currentState(baseUrl, item, lists);
    if (!item.possible.has(found)) {
      lost.push({ kind: item.kind, token: item.token, expected: [...item.possible], found });
    }
  }
  return lost;
}

async function readList(baseUrl: string, token: string, pathname: string): Promise<any[]> {
  const outcome = await send(baseUrl, "GET", pathname, { token });
  if (!isAcknowledged(outcome) || !("body" in outcome) || !Array.isArray(outcome.body)) {
    throw new Error(`cannot read ${pathname} to check the ledger: ${JSON.stringify(outcome).slice(0, 300)}`);
  }
  return outcome.body;
}

async function currentState(
  baseUrl: string,
  item: Tracked,
  lists: Record<"subscriber" | "message" | "volunteer", any[]>,
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
    default: {
      const outcome = await send(baseUrl, "GET", `/api/${PLURAL[item.kind]}/${item.id}`);
      if (outcome.status === 404) return DELETED;
      if (isAcknowledged(outcome) && "body" in outcome) return String(outcome.body.title);
      return `unreadable (${outcome.status})`;
    }
  }
}
