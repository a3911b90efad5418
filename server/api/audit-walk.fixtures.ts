import sharp from "sharp";
import { expect } from "vitest";
import { type AuditAction, type AuditValue, SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import { variantsKey } from "../../core/media/variant-job.ts";
import { suppressionHash } from "../../core/people/erased.ts";
import { totpCode } from "../../core/second-factor/totp.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { softAuthenticator } from "../../tests/support/soft-authenticator.ts";
import { TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

/**
 * One successful call per staff write route, for the audit walk (server/api/audit-walk.test.ts): it
 * arranges what the call acts on, then names the call and the one audit row the call must add. Keyed
 * "METHOD url" exactly as `app.routeCatalog` lists the route. A new staff write route needs an entry
 * here; the walk fails until it has one.
 */
export type AuditFixture = (t: TestApp) => Promise<{ request: WalkRequest; expected: ExpectedRow }>;

export interface WalkRequest {
  /** The route's url with its parameters filled in. */
  url: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
}

export interface ExpectedRow {
  action: AuditAction;
  entity: string;
  /** The id of what the call acted on; `ANY_ID` when the call makes it (a session). */
  entityId: string | null | typeof ANY_ID;
  fields?: string[];
  values?: Record<string, AuditValue>;
}

export const ANY_ID = Symbol("any id");

const png = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: "#0b5563" } })
    .png()
    .toBuffer();

async function form(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const [key, bytes] of Object.entries(files)) data.append(key, fileBlob(bytes), `${key}.png`);
  return multipartPayload(data);
}

const BLOG = {
  title: "A school term behind bars",
  excerpt: "What the children learnt.",
  authorName: "Hanna",
  content: "<p>What the children learnt in class this term, and what comes next.</p>",
};
const PUBLICATION = {
  title: "Children of incarcerated mothers",
  description: "A newspaper feature.",
  link: "https://news.example.org/features/hope",
  publicationDate: "2026-03-08",
};
const GALLERY_ITEM = {
  title: "Sewing class graduation",
  description: "Twelve mothers received their certificates.",
  category: "Skills Training",
  eventDate: "2026-03-14",
};
const VIDEO = {
  title: "Meron's story",
  description: "Why she volunteers.",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  category: "Testimonials",
};
const APPLICATION = {
  fullName: "Meron Tesfaye",
  email: "meron@example.org",
  phone: "+251 911 234 567",
  age: 29,
  interest: "Event Support",
  motivation: "I want to help.",
  availability: "Weekends",
};

const blog = async (t: TestApp) => (await t.services.blogs.create(BLOG, await png(), SYSTEM_ACTOR))._id;
const publication = async (t: TestApp) =>
  (await t.services.publications.create(PUBLICATION, await png(), SYSTEM_ACTOR))._id;
const galleryItem = async (t: TestApp) =>
  (await t.services.gallery.create({ fields: GALLERY_ITEM, images: [await png()] }, SYSTEM_ACTOR))._id;
const video = async (t: TestApp) => (await t.services.videos.create(VIDEO, SYSTEM_ACTOR))._id;

async function adminIdOf(t: TestApp) {
  await t.adminToken(); // creates the account
  const row = await t.database.db
    .selectFrom("admin_users")
    .select("id")
    .where("email", "=", TEST_ADMIN.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

let visitors = 0;
/** A visitor's record, arranged through the service and found again by a unique address. */
const uniqueEmail = (name: string) => `${name}-${++visitors}@example.org`;

async function message(t: TestApp) {
  const email = uniqueEmail("writer");
  await t.services.messages.send({ name: "Selam", email, message: "Hello from a visitor." });
  return (await t.services.messages.list()).find((m) => m.email === email)?._id as string;
}
/** A person (People) who wrote once, by their opaque id. */
async function person(t: TestApp) {
  const email = uniqueEmail("person");
  await t.services.messages.send({ name: "Tigist", email, message: "Please remove my data." });
  return (await t.services.people.list({ q: email })).items[0]?.id as string;
}
/** An erasure a person asked for through "Your data", waiting for staff (arranged as the confirmed link leaves it). */
async function erasureRequest(t: TestApp) {
  const personId = await person(t);
  const id = crypto.randomUUID();
  await t.database.db
    .insertInto("erasures")
    .values({
      id,
      person_id: personId,
      email_key: (
        await t.database.db
          .selectFrom("people")
          .select("email_key")
          .where("id", "=", personId)
          .executeTakeFirstOrThrow()
      ).email_key,
      pseudonym: "WALK-TEST",
      status: "requested",
      summary: null,
      notify: 1,
      locale: "en",
      created_at: new Date().toISOString(),
      created_by: "the person, through the e-mailed link",
      finished_at: null,
    })
    .execute();
  return id;
}
async function subscriber(t: TestApp) {
  const email = uniqueEmail("reader");
  await t.services.subscribers.subscribe({ email });
  return (await t.services.subscribers.list()).find((s) => s.email === email)?._id as string;
}
async function application(t: TestApp) {
  const email = uniqueEmail("volunteer");
  await t.services.volunteers.submit({ ...APPLICATION, email });
  return (await t.services.volunteers.list()).find((a) => a.email === email)?._id as string;
}

async function invitation(t: TestApp) {
  return (await t.services.staff.invite({ email: uniqueEmail("invitee"), role: "inbox" }, SYSTEM_ACTOR)).invitation.id;
}
const STAFF_PASSWORD = "a long enough password";
const staffMember = async (t: TestApp) =>
  (await t.services.auth.createAdmin(uniqueEmail("staff"), STAFF_PASSWORD, "editor")).id;

/**
 * The test admin's second factors, for the fixtures of the account's own second-factor routes. Each
 * starts from none (the walk signs in with the password alone) and, being in one block that ends
 * with none, leaves none for the fixtures after them.
 */
async function withoutSecondFactor(t: TestApp): Promise<string> {
  const find = () =>
    t.database.db.selectFrom("admin_users").select("id").where("email", "=", TEST_ADMIN.email).executeTakeFirst();
  let admin = await find();
  if (!admin) {
    await t.adminHeaders(); // creates the test admin
    admin = (await find()) as { id: string };
  }
  for (const table of ["staff_totp", "staff_recovery_codes", "staff_passkeys"] as const) {
    await t.database.db.deleteFrom(table).where("admin_user_id", "=", admin.id).execute();
  }
  return admin.id;
}
/** Signs the test admin in, then gives the account an authenticator app: the session stays valid. */
async function signedInWithApp(t: TestApp) {
  const id = await withoutSecondFactor(t);
  const headers = await t.adminHeaders();
  const actor = { id, email: TEST_ADMIN.email, ip: "" };
  const { secret } = await t.services.secondFactor.startTotp(actor);
  await t.services.secondFactor.confirmTotp(actor, { code: totpCode(secret, new Date()) });
  return { id, headers };
}

const OFFLINE_GIFT = {
  receivedOn: "2026-11-20",
  method: "bank-transfer",
  amount: "15550",
  currency: "etb",
  etbPerUsd: "155.5",
  fund: "eccd-package",
};
const offlineGift = async (t: TestApp, donorEmail?: string) =>
  (await t.services.offlineGifts.create({ ...OFFLINE_GIFT, donorEmail }, SYSTEM_ACTOR))._id;
async function pledge(t: TestApp) {
  const email = uniqueEmail("donor");
  await t.services.offlineGifts.pledge({
    name: "Abeba",
    email,
    amount: "2000",
    currency: "etb",
    transferredOn: "2026-11-19",
    bankReference: "FT26323ABC",
  });
  return (await t.services.offlineGifts.listPledges()).find((p) => p.donorEmail === email)?._id as string;
}

const NEWSLETTER = { subject: "Spring news", content: "<p>Twelve women finished the course.</p>" };
const newsletter = async (t: TestApp) => (await t.services.newsletters.create(NEWSLETTER, SYSTEM_ACTOR))._id;

export const AUDIT_FIXTURES: Record<string, AuditFixture> = {
  "POST /api/admin/logout": async () => ({
    request: { url: "/api/admin/logout" },
    expected: { action: "logout", entity: "session", entityId: ANY_ID },
  }),

  "DELETE /api/admin/account/sessions/:id": async (t) => {
    // Another session of the same person, ended from the one the walk signs in with.
    const other = { authorization: `Bearer ${await t.adminToken()}` };
    const listed = await t.app.inject({ url: "/api/admin/account/sessions", headers: other });
    const id = listed.json<Array<{ id: string; current: boolean }>>().find((s) => s.current)?.id as string;
    return {
      request: { url: `/api/admin/account/sessions/${id}` },
      expected: { action: "logout", entity: "session", entityId: id },
    };
  },
  "PUT /api/admin/account/password": async (t) => ({
    // The same password again, so the walk's later sign-ins still work.
    request: {
      url: "/api/admin/account/password",
      payload: { currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password },
    },
    expected: { action: "password", entity: "staff", entityId: await adminIdOf(t) },
  }),

  "POST /api/blogs": async () => ({
    request: { url: "/api/blogs", ...(await form(BLOG, { image: await png() })) },
    expected: {
      action: "create",
      entity: "blog",
      entityId: ANY_ID,
      fields: ["authorName", "content", "excerpt", "image", "status", "title"],
      values: { status: "published" },
    },
  }),
  "PUT /api/blogs/:id": async (t) => {
    const id = await blog(t);
    return {
      request: { url: `/api/blogs/${id}`, ...(await form({ ...BLOG, title: "A new title" })) },
      expected: { action: "update", entity: "blog", entityId: id, fields: ["title"] },
    };
  },
  "DELETE /api/blogs/:id": async (t) => {
    const id = await blog(t);
    return { request: { url: `/api/blogs/${id}` }, expected: { action: "delete", entity: "blog", entityId: id } };
  },

  "POST /api/publications": async () => ({
    request: { url: "/api/publications", ...(await form(PUBLICATION, { image: await png() })) },
    expected: {
      action: "create",
      entity: "publication",
      entityId: ANY_ID,
      fields: ["description", "image", "link", "publicationDate", "status", "title"],
      values: { status: "published" },
    },
  }),
  "PUT /api/publications/:id": async (t) => {
    const id = await publication(t);
    return {
      request: {
        url: `/api/publications/${id}`,
        ...(await form({ ...PUBLICATION, link: "https://news.example.org/b" }, { image: await png() })),
      },
      expected: { action: "update", entity: "publication", entityId: id, fields: ["image", "link"] },
    };
  },
  "DELETE /api/publications/:id": async (t) => {
    const id = await publication(t);
    return {
      request: { url: `/api/publications/${id}` },
      expected: { action: "delete", entity: "publication", entityId: id },
    };
  },

  "POST /api/gallery": async () => ({
    request: { url: "/api/gallery", ...(await form(GALLERY_ITEM, { images: await png() })) },
    expected: {
      action: "create",
      entity: "gallery-item",
      entityId: ANY_ID,
      fields: ["category", "description", "eventDate", "images", "status", "title"],
      values: { status: "published" },
    },
  }),
  "PUT /api/gallery/:id": async (t) => {
    const id = await galleryItem(t);
    return {
      request: { url: `/api/gallery/${id}`, ...(await form({ ...GALLERY_ITEM, category: "Education" })) },
      expected: { action: "update", entity: "gallery-item", entityId: id, fields: ["category"] },
    };
  },
  "DELETE /api/gallery/:id": async (t) => {
    const id = await galleryItem(t);
    return {
      request: { url: `/api/gallery/${id}` },
      expected: { action: "delete", entity: "gallery-item", entityId: id },
    };
  },

  "PUT /api/admin/consent": async (t) => {
    const id = await galleryItem(t);
    const imageUrl = (await t.services.gallery.getForStaff(id)).imageUrls[0] as string;
    return {
      request: { url: "/api/admin/consent", payload: { imageUrl, basis: "no-identifiable-people" } },
      expected: {
        action: "update",
        entity: "image-consent",
        entityId: id,
        fields: ["consent"],
        values: { basis: "no-identifiable-people", minor: false },
      },
    };
  },
  "POST /api/admin/consent/withdraw": async (t) => {
    const id = await galleryItem(t);
    const imageUrl = (await t.services.gallery.getForStaff(id)).imageUrls[0] as string;
    return {
      request: { url: "/api/admin/consent/withdraw", payload: { imageUrl } },
      expected: {
        action: "update",
        entity: "gallery-item",
        entityId: id,
        fields: ["image"],
        values: { consent: "withdrawn", status: "draft" },
      },
    };
  },
  "POST /api/admin/images/blur": async (t) => {
    const id = await galleryItem(t);
    const imageUrl = (await t.services.gallery.getForStaff(id)).imageUrls[0] as string;
    return {
      request: {
        url: "/api/admin/images/blur",
        payload: { imageUrl, rectangles: [{ x: 0.1, y: 0.1, width: 0.3, height: 0.3 }] },
      },
      expected: {
        action: "update",
        entity: "gallery-item",
        entityId: id,
        fields: ["image"],
        values: { blurredRegions: 1 },
      },
    };
  },
  "POST /api/videos": async () => ({
    request: { url: "/api/videos", payload: VIDEO },
    expected: {
      action: "create",
      entity: "video",
      entityId: ANY_ID,
      fields: ["category", "description", "status", "title", "youtubeId"],
      values: { status: "published" },
    },
  }),
  "PUT /api/videos/:id": async (t) => {
    const id = await video(t);
    return {
      request: { url: `/api/videos/${id}`, payload: { ...VIDEO, description: "Why she stays." } },
      expected: { action: "update", entity: "video", entityId: id, fields: ["description"] },
    };
  },
  "DELETE /api/videos/:id": async (t) => {
    const id = await video(t);
    return { request: { url: `/api/videos/${id}` }, expected: { action: "delete", entity: "video", entityId: id } };
  },

  "PUT /api/admin/translations/:kind/:id/:locale": async (t) => {
    const id = await video(t);
    return {
      request: { url: `/api/admin/translations/video/${id}/am`, payload: { fields: { title: "የመሮን ታሪክ" } } },
      expected: { action: "update", entity: "video", entityId: id, fields: ["am.title"], values: { locale: "am" } },
    };
  },

  "PUT /api/messages/admin/:id": async (t) => {
    const id = await message(t);
    return {
      request: { url: `/api/messages/admin/${id}`, payload: { isRead: true } },
      expected: { action: "update", entity: "message", entityId: id, fields: ["isRead"], values: { isRead: true } },
    };
  },
  "GET /api/donations/retention/lapsed.csv": async (t) => {
    const year = t.services.clock().getUTCFullYear();
    return {
      request: { url: `/api/donations/retention/lapsed.csv?year=${year}` },
      expected: { action: "export", entity: "donation", entityId: null },
    };
  },
  "GET /api/messages/export.csv": async (t) => {
    await message(t);
    const rows = (await t.services.messages.list()).length;
    return {
      request: { url: "/api/messages/export.csv" },
      expected: { action: "export", entity: "message", entityId: null, values: { rows } },
    };
  },
  "DELETE /api/messages/admin/:id": async (t) => {
    const id = await message(t);
    return {
      request: { url: `/api/messages/admin/${id}` },
      expected: { action: "delete", entity: "message", entityId: id },
    };
  },

  "PUT /api/people/:id": async (t) => {
    const id = await person(t);
    return {
      request: { url: `/api/people/${id}`, payload: { name: "Tigist Alemu" } },
      expected: { action: "update", entity: "person", entityId: id, fields: ["name"], values: { records: 1 } },
    };
  },
  "POST /api/people/:id/export": async (t) => {
    const id = await person(t);
    return {
      request: { url: `/api/people/${id}/export`, payload: {} },
      expected: { action: "export", entity: "person", entityId: id, values: { step: "requested" } },
    };
  },
  "GET /api/people/zips/:id/export.zip": async (t) => {
    const id = await person(t);
    const { exportId } = await t.services.people.requestExport(id, SYSTEM_ACTOR);
    await t.services.people.exportJob.handle({ exportId });
    return {
      request: { url: `/api/people/zips/${exportId}/export.zip` },
      expected: { action: "export", entity: "person", entityId: id, values: { step: "downloaded" } },
    };
  },
  "POST /api/people/:id/erase": async (t) => {
    const id = await person(t);
    return {
      request: { url: `/api/people/${id}/erase`, payload: {} },
      expected: { action: "delete", entity: "person", entityId: ANY_ID },
    };
  },

  "POST /api/people/suppressions/lift": async (t) => {
    const email = uniqueEmail("erased");
    await t.database.db
      .insertInto("suppressed_addresses")
      .values({ hash: suppressionHash(email), created_at: new Date().toISOString() })
      .execute();
    return {
      request: { url: "/api/people/suppressions/lift", payload: { email } },
      expected: { action: "delete", entity: "suppression", entityId: null },
    };
  },

  "POST /api/people/erasure-requests/:id/approve": async (t) => {
    const id = await erasureRequest(t);
    return {
      request: { url: `/api/people/erasure-requests/${id}/approve`, payload: {} },
      expected: { action: "delete", entity: "person", entityId: id },
    };
  },
  "POST /api/people/erasure-requests/:id/decline": async (t) => {
    const id = await erasureRequest(t);
    return {
      request: { url: `/api/people/erasure-requests/${id}/decline`, payload: {} },
      expected: { action: "status", entity: "person", entityId: id, values: { status: "declined" } },
    };
  },

  "DELETE /api/subscribe": async (t) => {
    const id = await subscriber(t);
    return {
      request: { url: "/api/subscribe", payload: { ids: [id] } },
      expected: { action: "delete", entity: "subscriber", entityId: id },
    };
  },
  "POST /api/newsletters": async () => ({
    request: { url: "/api/newsletters", payload: NEWSLETTER },
    expected: { action: "create", entity: "newsletter", entityId: ANY_ID, fields: ["content", "inArchive", "subject"] },
  }),
  "POST /api/newsletters/images": async () => {
    const data = new FormData();
    data.append("image", fileBlob(await png()), "graduates.png");
    return {
      request: { url: "/api/newsletters/images", ...(await multipartPayload(data)) },
      expected: { action: "create", entity: "newsletter-image", entityId: ANY_ID },
    };
  },
  "POST /api/newsletters/from-post": async (t) => ({
    request: { url: "/api/newsletters/from-post", payload: { postId: await blog(t) } },
    expected: {
      action: "create",
      entity: "newsletter",
      entityId: ANY_ID,
      fields: ["buttonLabel", "buttonUrl", "content", "imageUrl", "inArchive", "previewText", "subject"],
    },
  }),
  "PUT /api/newsletters/:id": async (t) => {
    const id = await newsletter(t);
    return {
      request: { url: `/api/newsletters/${id}`, payload: { ...NEWSLETTER, subject: "Summer news" } },
      expected: { action: "update", entity: "newsletter", entityId: id, fields: ["content", "inArchive", "subject"] },
    };
  },
  "DELETE /api/newsletters/:id": async (t) => {
    const id = await newsletter(t);
    return {
      request: { url: `/api/newsletters/${id}` },
      expected: { action: "delete", entity: "newsletter", entityId: id },
    };
  },
  "POST /api/newsletters/:id/test": async (t) => {
    const id = await newsletter(t);
    return {
      request: { url: `/api/newsletters/${id}/test` },
      expected: { action: "send", entity: "newsletter", entityId: id, values: { step: "test" } },
    };
  },
  "POST /api/newsletters/:id/send": async (t) => {
    await t.database.db
      .insertInto("subscribers")
      .values({ id: crypto.randomUUID(), email: uniqueEmail("reader"), created_at: new Date().toISOString() })
      .execute();
    const id = await newsletter(t);
    return {
      request: { url: `/api/newsletters/${id}/send`, payload: {} },
      expected: { action: "send", entity: "newsletter", entityId: id },
    };
  },
  "POST /api/newsletters/:id/cancel": async (t) => {
    await t.database.db
      .insertInto("subscribers")
      .values({ id: crypto.randomUUID(), email: uniqueEmail("reader"), created_at: new Date().toISOString() })
      .execute();
    const id = await newsletter(t);
    await t.services.newsletters.send(id, { at: new Date(Date.now() + 86_400_000).toISOString() }, SYSTEM_ACTOR);
    return {
      request: { url: `/api/newsletters/${id}/cancel` },
      expected: { action: "send", entity: "newsletter", entityId: id, values: { step: "cancelled" } },
    };
  },
  "PUT /api/newsletters/:id/archive": async (t) => {
    const id = await newsletter(t);
    return {
      request: { url: `/api/newsletters/${id}/archive`, payload: { inArchive: false } },
      expected: {
        action: "update",
        entity: "newsletter",
        entityId: id,
        fields: ["inArchive"],
        values: { inArchive: false },
      },
    };
  },
  "PUT /api/email-series/:series/steps/:id": async () => ({
    request: {
      url: "/api/email-series/welcome/steps/welcome-day-30",
      payload: {
        dayOffset: 30,
        enabled: false,
        stopsOnSecondGift: true,
        subjectEn: "Stay close to the children you helped",
        contentEn: "<p>Our newsletter tells what happens next.</p>",
      },
    },
    expected: {
      action: "update",
      entity: "email-series-step",
      entityId: "welcome-day-30",
      fields: ["contentAm", "contentEn", "enabled", "subjectAm"],
      values: { series: "welcome", position: 2, enabled: false },
    },
  }),
  "POST /api/subscribe/import": async () => ({
    request: {
      url: "/api/subscribe/import",
      payload: { csv: `email,consent\n${uniqueEmail("imported")},yes\n`, source: "Sheet" },
    },
    expected: { action: "import", entity: "subscriber", entityId: null, values: { import: expect.any(String) } },
  }),
  "GET /api/subscribe/export.csv": async (t) => {
    await subscriber(t);
    return {
      request: { url: "/api/subscribe/export.csv" },
      expected: { action: "export", entity: "subscriber", entityId: null },
    };
  },

  "PUT /api/volunteer/status": async (t) => {
    const id = await application(t);
    return {
      request: { url: "/api/volunteer/status", payload: { ids: [id], status: "Accepted" } },
      expected: { action: "status", entity: "volunteer-application", entityId: id, values: { status: "Accepted" } },
    };
  },
  "GET /api/volunteer/export.csv": async (t) => {
    await application(t);
    const rows = (await t.services.volunteers.list()).length;
    return {
      request: { url: "/api/volunteer/export.csv" },
      expected: { action: "export", entity: "volunteer-application", entityId: null, values: { rows } },
    };
  },
  "DELETE /api/volunteer": async (t) => {
    const id = await application(t);
    return {
      request: { url: "/api/volunteer", payload: { ids: [id] } },
      expected: { action: "delete", entity: "volunteer-application", entityId: id },
    };
  },

  "GET /api/admin/activity/export.csv": async () => ({
    request: { url: "/api/admin/activity/export.csv?action=login" },
    expected: { action: "export", entity: "activity", entityId: null, fields: ["action"] },
  }),

  "POST /api/offline-gifts": async () => ({
    request: { url: "/api/offline-gifts", payload: OFFLINE_GIFT },
    expected: {
      action: "create",
      entity: "offline-gift",
      entityId: ANY_ID,
      values: { currency: "etb", method: "bank-transfer" },
    },
  }),
  "PUT /api/offline-gifts/:id": async (t) => {
    const id = await offlineGift(t);
    return {
      request: { url: `/api/offline-gifts/${id}`, payload: { ...OFFLINE_GIFT, reference: "FT26324XYZ" } },
      expected: { action: "update", entity: "offline-gift", entityId: id, fields: ["reference"] },
    };
  },
  "DELETE /api/offline-gifts/:id": async (t) => {
    const id = await offlineGift(t);
    return {
      request: { url: `/api/offline-gifts/${id}` },
      expected: { action: "delete", entity: "offline-gift", entityId: id },
    };
  },
  "POST /api/pledges/:id/confirm": async (t) => {
    const id = await pledge(t);
    return {
      request: { url: `/api/pledges/${id}/confirm`, payload: { receivedOn: "2026-11-20", etbPerUsd: "155.5" } },
      expected: { action: "status", entity: "pledge", entityId: id },
    };
  },
  "POST /api/pledges/:id/dismiss": async (t) => {
    const id = await pledge(t);
    return {
      request: { url: `/api/pledges/${id}/dismiss` },
      expected: { action: "status", entity: "pledge", entityId: id, values: { status: "dismissed" } },
    };
  },
  "POST /api/receipts/:id/resend": async (t) => {
    const id = await offlineGift(t, "receipt@example.org");
    const gift = (await t.services.offlineGifts.list()).find((g) => g._id === id);
    const receiptId = gift?.receiptId as string;
    return {
      request: { url: `/api/receipts/${receiptId}/resend` },
      expected: {
        action: "create",
        entity: "receipt",
        entityId: receiptId,
        values: { resend: true, number: expect.any(String) },
      },
    };
  },
  "POST /api/statements/:year/send": async () => ({
    request: { url: "/api/statements/2026/send" },
    expected: { action: "create", entity: "year-statements", entityId: ANY_ID, values: { year: 2026 } },
  }),
  "POST /api/donations/:id/verify": async (t) => {
    // A pending gift in birr (the sandbox stands in for Chapa here): asked again, still pending.
    const { id } = await t.services.donations.createCheckout({ currency: "ETB", amount: 500 });
    const row = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      request: { url: `/api/donations/${row.id}/verify` },
      expected: {
        action: "status",
        entity: "donation",
        entityId: row.id,
        values: { requested: "verify", outcome: "pending" },
      },
    };
  },
  "PUT /api/admin/donor-wall/:id": async (t) => {
    const { id } = await t.services.donations.createCheckout({
      amount: 20,
      frequency: "one-time",
      wall: { show: true, displayName: "Walk Donor", message: "With thanks" },
    });
    await t.services.donations.completeSandboxCheckout(id, { email: "walk.wall@example.org" });
    const row = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      request: { url: `/api/admin/donor-wall/${row.id}`, payload: { state: "approved" } },
      expected: {
        action: "status",
        entity: "donor-wall",
        entityId: row.id,
        values: { state: "approved", before: "pending" },
      },
    };
  },
  "POST /api/donations/:id/refunded": async (t) => {
    const { id } = await t.services.donations.createCheckout({ currency: "ETB", amount: 1000 });
    await t.services.donations.completeSandboxCheckout(id, { email: "tigist@example.org" });
    const row = await t.database.db
      .selectFrom("donations")
      .select("id")
      .where("checkout_session_id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      request: { url: `/api/donations/${row.id}/refunded` },
      expected: { action: "status", entity: "donation", entityId: row.id, values: { status: "refunded" } },
    };
  },
  "POST /api/admin/pictures/retry": async (t) => {
    // A post whose picture job gave up: marked failed once no worker is running it.
    const id = await blog(t);
    const { image_url: url } = await t.database.db
      .selectFrom("blog_posts")
      .select("image_url")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const gaveUp = async () => {
      const result = await t.database.db
        .updateTable("jobs")
        .set({ status: "failed" })
        .where("key", "=", variantsKey(url))
        .where("status", "<>", "running")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    };
    await expect.poll(gaveUp).toBe(1);
    return {
      request: { url: "/api/admin/pictures/retry", payload: { url } },
      expected: { action: "retry", entity: "blog", entityId: id, values: { step: "pictures" } },
    };
  },
  "DELETE /api/donations/:id": async (t) => {
    // Only a test gift can be deleted: one the sandbox took where the site says its gifts are tests.
    const { id } = await t.services.donations.createCheckout({ amount: 15, frequency: "one-time" });
    const row = await t.database.db
      .updateTable("donations")
      .set({ test: 1 })
      .where("checkout_session_id", "=", id)
      .returning(["id", "amount_cents"])
      .executeTakeFirstOrThrow();
    return {
      request: { url: `/api/donations/${row.id}` },
      expected: {
        action: "delete",
        entity: "donation",
        entityId: row.id,
        values: { test: true, amountCents: 1500, currency: "usd" },
      },
    };
  },
  "GET /api/donations/export.csv": async (t) => {
    // Every exported row counts: card donations and offline gifts (deleted ones are not exported).
    const db = t.database.db;
    const donations = await db.selectFrom("donations").select("id").execute();
    const gifts = await db.selectFrom("offline_gifts").select("id").where("deleted_at", "is", null).execute();
    return {
      request: { url: "/api/donations/export.csv" },
      expected: {
        action: "export",
        entity: "donation",
        entityId: null,
        values: { rows: donations.length + gifts.length },
      },
    };
  },

  "POST /api/campaigns": async () => ({
    request: {
      url: "/api/campaigns",
      payload: { name: "Spring appeal", startsOn: "2026-03-01", endsOn: "2026-03-31" },
    },
    expected: {
      action: "create",
      entity: "campaign",
      entityId: ANY_ID,
      fields: ["endsOn", "landingPath", "medium", "name", "source", "startsOn"],
    },
  }),
  "GET /api/campaigns/:id/export.csv": async (t) => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: await t.adminHeaders(),
      payload: { name: "Results export", startsOn: "2026-03-01", endsOn: "2026-03-03" },
    });
    const { id } = created.json() as { id: string };
    return {
      request: { url: `/api/campaigns/${id}/export.csv` },
      expected: { action: "export", entity: "campaign", entityId: id, values: { rows: 3 } },
    };
  },
  "GET /api/insight/export.csv": async () => ({
    request: { url: "/api/insight/export.csv?days=90&table=pages" },
    expected: { action: "export", entity: "insight", entityId: null, values: { table: "pages", days: 90 } },
  }),

  "POST /api/admin/staff/invitations": async () => ({
    request: { url: "/api/admin/staff/invitations", payload: { email: uniqueEmail("invitee"), role: "editor" } },
    expected: {
      action: "invite",
      entity: "staff-invitation",
      entityId: ANY_ID,
      fields: ["email", "role"],
      values: { role: "editor", step: "sent" },
    },
  }),
  "POST /api/admin/staff/invitations/:id/resend": async (t) => {
    const id = await invitation(t);
    return {
      request: { url: `/api/admin/staff/invitations/${id}/resend` },
      expected: {
        action: "invite",
        entity: "staff-invitation",
        entityId: id,
        values: { role: "inbox", step: "resent" },
      },
    };
  },
  "DELETE /api/admin/staff/invitations/:id": async (t) => {
    const id = await invitation(t);
    return {
      request: { url: `/api/admin/staff/invitations/${id}` },
      expected: { action: "invite", entity: "staff-invitation", entityId: id, values: { step: "revoked" } },
    };
  },
  "PUT /api/admin/staff/:id/role": async (t) => {
    const id = await staffMember(t);
    return {
      request: { url: `/api/admin/staff/${id}/role`, payload: { role: "inbox" } },
      expected: {
        action: "role",
        entity: "staff",
        entityId: id,
        fields: ["role"],
        values: { from: "editor", to: "inbox" },
      },
    };
  },
  "POST /api/admin/staff/:id/deactivate": async (t) => {
    const id = await staffMember(t);
    return {
      request: { url: `/api/admin/staff/${id}/deactivate` },
      expected: { action: "deactivate", entity: "staff", entityId: id },
    };
  },
  "POST /api/admin/staff/:id/reactivate": async (t) => {
    const id = await staffMember(t);
    await t.services.staff.deactivate(id, SYSTEM_ACTOR);
    return {
      request: { url: `/api/admin/staff/${id}/reactivate` },
      expected: { action: "reactivate", entity: "staff", entityId: id },
    };
  },

  "POST /api/site-content/images": async () => {
    const data = new FormData();
    data.append("image", fileBlob(await png()), "portrait.png");
    return {
      request: { url: "/api/site-content/images", ...(await multipartPayload(data)) },
      expected: { action: "create", entity: "site-content-image", entityId: ANY_ID },
    };
  },
  "PUT /api/site-content/:section": async (t) => {
    const { draft, revision } = await t.services.siteContent.editor("about");
    return {
      request: {
        url: "/api/site-content/about",
        payload: { revision, content: { ...draft, vision: "A new vision." } },
      },
      expected: { action: "update", entity: "site-content", entityId: "about", values: { revision: revision + 1 } },
    };
  },
  "POST /api/site-content/:section/publish": async (t) => {
    const { revision, lastVersion } = await t.services.siteContent.editor("donating");
    return {
      request: { url: "/api/site-content/donating/publish", payload: { revision } },
      expected: {
        action: "publish",
        entity: "site-content",
        entityId: "donating",
        values: { version: lastVersion + 1 },
      },
    };
  },
  "PUT /api/site-content/:section/translations/:locale": async (t) => {
    const { revision } = await t.services.siteContentTranslations.editor("contact", "am");
    return {
      request: {
        url: "/api/site-content/contact/translations/am",
        payload: { revision, fields: { footerTagline: "ተስፋ ለእናቶች" } },
      },
      expected: {
        action: "update",
        entity: "site-content",
        entityId: "contact",
        fields: ["am.footerTagline"],
        values: { locale: "am", revision: revision + 1 },
      },
    };
  },
  "POST /api/site-content/:section/translations/:locale/publish": async (t) => {
    const { revision } = await t.services.siteContentTranslations.saveDraft(
      "about",
      "am",
      { revision: 0, fields: { vision: "ራዕይ" } },
      SYSTEM_ACTOR,
    );
    return {
      request: { url: "/api/site-content/about/translations/am/publish", payload: { revision } },
      expected: { action: "publish", entity: "site-content", entityId: "about", values: { locale: "am", version: 1 } },
    };
  },
  "POST /api/site-content/:section/versions/:number/restore": async (t) => {
    const { revision } = await t.services.siteContent.editor("contact");
    const published = await t.services.siteContent.publish("contact", { revision }, SYSTEM_ACTOR);
    return {
      request: {
        url: `/api/site-content/contact/versions/${published.lastVersion}/restore`,
        payload: { revision: published.revision },
      },
      expected: {
        action: "update",
        entity: "site-content",
        entityId: "contact",
        values: { restoredVersion: published.lastVersion, revision: published.revision + 1 },
      },
    };
  },
  // The account's own second factors: one block, ending with the account back to none (see above).
  "POST /api/admin/account/second-factor/totp": async (t) => {
    const id = await withoutSecondFactor(t);
    return {
      request: { url: "/api/admin/account/second-factor/totp" },
      expected: {
        action: "second-factor",
        entity: "staff",
        entityId: id,
        values: { method: "totp", change: "started" },
      },
    };
  },
  "POST /api/admin/account/second-factor/totp/confirm": async (t) => {
    const id = await withoutSecondFactor(t);
    const { secret } = await t.services.secondFactor.startTotp({ id, email: TEST_ADMIN.email, ip: "" });
    return {
      request: {
        url: "/api/admin/account/second-factor/totp/confirm",
        payload: { code: totpCode(secret, new Date()) },
      },
      expected: {
        action: "second-factor",
        entity: "staff",
        entityId: id,
        values: { method: "totp", change: "enrolled" },
      },
    };
  },
  "POST /api/admin/account/second-factor/recovery-codes": async (t) => {
    const { id, headers } = await signedInWithApp(t);
    return {
      request: { url: "/api/admin/account/second-factor/recovery-codes", headers },
      expected: {
        action: "second-factor",
        entity: "staff",
        entityId: id,
        values: { method: "recovery-codes", change: "regenerated" },
      },
    };
  },
  "POST /api/admin/account/second-factor/totp/disable": async (t) => {
    const { id, headers } = await signedInWithApp(t);
    return {
      request: {
        url: "/api/admin/account/second-factor/totp/disable",
        headers,
        payload: { password: TEST_ADMIN.password },
      },
      expected: {
        action: "second-factor",
        entity: "staff",
        entityId: id,
        values: { method: "totp", change: "disabled" },
      },
    };
  },
  "POST /api/admin/account/passkeys": async (t) => {
    const id = await withoutSecondFactor(t);
    const headers = await t.adminHeaders();
    const options = (await t.app.inject({ url: "/api/admin/account/passkeys/options", headers })).json();
    const response = softAuthenticator().register(options, t.config.publicSiteUrl);
    // Registered through the call itself; the next fixture removes it.
    return {
      request: { url: "/api/admin/account/passkeys", headers, payload: { name: "Work laptop", response } },
      expected: {
        action: "second-factor",
        entity: "staff",
        entityId: id,
        values: { method: "passkey", change: "added", passkey: expect.any(String) },
      },
    };
  },
  "DELETE /api/admin/account/passkeys/:id": async (t) => {
    const id = await withoutSecondFactor(t);
    const headers = await t.adminHeaders();
    const options = (await t.app.inject({ url: "/api/admin/account/passkeys/options", headers })).json();
    const response = softAuthenticator().register(options, t.config.publicSiteUrl);
    const added = await t.services.secondFactor.addPasskey(
      { id, email: TEST_ADMIN.email, ip: "" },
      { name: "Old phone", response },
    );
    return {
      request: { url: `/api/admin/account/passkeys/${added.id}`, headers },
      expected: {
        action: "second-factor",
        entity: "staff",
        entityId: id,
        values: { method: "passkey", change: "removed", passkey: added.id },
      },
    };
  },
  "PUT /api/admin/settings/second-factor": async () => ({
    // Off, so the fixtures after this one sign in as before.
    request: { url: "/api/admin/settings/second-factor", payload: { requireSecondFactor: false } },
    expected: {
      action: "update",
      entity: "setting",
      entityId: "security.requireSecondFactor",
      values: { value: false },
    },
  }),
  "POST /api/admin/breaches": async () => ({
    request: {
      url: "/api/admin/breaches",
      payload: { description: "A lost laptop", foundAt: "2026-11-28T09:00", affected: "Volunteers", kinds: [] },
    },
    expected: {
      action: "create",
      entity: "breach",
      entityId: ANY_ID,
      fields: ["affected", "description", "foundAt", "kinds"],
      values: { kinds: "" },
    },
  }),
  "PUT /api/admin/breaches/:id": async (t) => {
    const breach = await t.services.breaches.record(
      { description: "A lost phone", foundAt: "2026-11-28T09:00", affected: "Donors", kinds: ["cardGifts"] },
      SYSTEM_ACTOR,
    );
    return {
      request: { url: `/api/admin/breaches/${breach.id}`, payload: { peopleInformed: true } },
      expected: {
        action: "update",
        entity: "breach",
        entityId: breach.id,
        fields: ["peopleInformed"],
        values: { peopleInformed: true },
      },
    };
  },
  "POST /api/admin/breaches/:id/letter": async (t) => {
    const breach = await t.services.breaches.record(
      { description: "A lost tablet", foundAt: "2026-11-28T09:00", affected: "Donors", kinds: ["cardGifts"] },
      SYSTEM_ACTOR,
    );
    return {
      request: { url: `/api/admin/breaches/${breach.id}/letter` },
      // The letter is a newsletter draft: its creation is what is recorded.
      expected: {
        action: "create",
        entity: "newsletter",
        entityId: ANY_ID,
        fields: ["content", "inArchive", "previewText", "subject"],
      },
    };
  },
  "POST /api/admin/breaches/:id/inform": async (t) => {
    const breach = await t.services.breaches.record(
      { description: "A lost drive", foundAt: "2026-11-28T09:00", affected: "Volunteers", kinds: [] },
      SYSTEM_ACTOR,
    );
    await t.services.breaches.draftLetter(breach.id, SYSTEM_ACTOR);
    return {
      request: { url: `/api/admin/breaches/${breach.id}/inform` },
      expected: {
        action: "update",
        entity: "breach",
        entityId: breach.id,
        fields: ["peopleInformed"],
        values: { peopleInformed: true, emailed: 0, emailedInAmharic: 0 },
      },
    };
  },
  "PUT /api/admin/retention": async () => ({
    request: { url: "/api/admin/retention", payload: { periods: { contactMessages: 18 } } },
    expected: { action: "update", entity: "setting", entityId: "privacy.retentionPeriods", fields: ["value"] },
  }),
};
