import type { Db } from "../../db/database.ts";

/**
 * The back office at its expected size (docs/decisions/0611-scale-fixture.md): 50,000 subscribers,
 * 20,000 card gifts and 5,000 offline gifts from 2,000 donors over 3 years, 200,000 audit entries,
 * 5,000 volunteer applications and 5,000 messages, 2,000 gallery items. Rows are written straight
 * through Kysely in batched inserts (a few seconds on SQLite), not through the services, which would
 * take minutes and send mail. Deterministic: the same rows every run.
 */
export const SCALE = {
  subscribers: 50_000,
  cardGifts: 20_000,
  offlineGifts: 5_000,
  donors: 2_000,
  audit: 200_000,
  volunteers: 5_000,
  messages: 5_000,
  gallery: 2_000,
} as const;

const DAY_MS = 86_400_000;
/** Rows per INSERT: under SQLite's 32,766 bound parameters and PostgreSQL's 65,535 for the widest table. */
const BATCH = 500;

const uuid = (prefix: number, n: number) =>
  `${prefix.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

async function insertAll<T>(db: Db, table: string, count: number, row: (i: number) => T) {
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => row(start + k));
    await db
      .insertInto(table as any)
      .values(rows as any)
      .execute();
  }
}

const FIRST = ["Abeba", "Bontu", "Chaltu", "Dawit", "Eden", "Fana", "Genet", "Hanna", "Meron", "Selam"];
const LAST = ["Girma", "Lemma", "Daba", "Alemu", "Tesfaye", "Bekele", "Haile", "Kebede"];
const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;

/** Fills an empty, migrated database; `now` is the newest moment any row has. */
export async function buildScaleData(db: Db, now = new Date()): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const spread = (i: number, count: number, days: number) => before(Math.floor(((count - i) / count) * days * DAY_MS));
  const STATUSES = ["confirmed", "confirmed", "confirmed", "pending", "unsubscribed"];
  await insertAll(db, "subscribers", SCALE.subscribers, (i) => ({
    id: uuid(1, i),
    email: `reader${i}@example.org`,
    created_at: spread(i, SCALE.subscribers, 3 * 365),
    status: STATUSES[i % STATUSES.length],
    confirmed_at: null,
    unsubscribed_at: null,
    source: "scale fixture",
  }));
  const DONATION_STATUSES = ["paid", "paid", "paid", "paid", "paid", "paid", "refunded", "pending", "canceled"];
  await insertAll(db, "donations", SCALE.cardGifts, (i) => {
    const at = spread(i, SCALE.cardGifts, 3 * 365);
    const status = DONATION_STATUSES[i % DONATION_STATUSES.length];
    return {
      id: uuid(2, i),
      provider: "stripe",
      checkout_session_id: `cs_scale_${i}`,
      frequency: i % 5 === 0 ? "monthly" : "one-time",
      amount_cents: 1000 + (i % 50) * 500,
      currency: "usd",
      status,
      donor_email: `donor${i % SCALE.donors}@example.org`,
      donor_name: nameOf(i % SCALE.donors),
      fund_id: i % 3 === 0 ? "eccd-package" : null,
      created_at: at,
      updated_at: at,
      paid_at: status === "pending" ? null : at,
    };
  });
  await insertAll(db, "donation_payments", SCALE.cardGifts, (i) => ({
    id: uuid(3, i),
    donation_id: uuid(2, i),
    reference: `pay_scale_${i}`,
    amount_cents: 1000 + (i % 50) * 500,
    refunded_cents: DONATION_STATUSES[i % DONATION_STATUSES.length] === "refunded" ? 1000 + (i % 50) * 500 : 0,
    currency: "usd",
    paid_at: spread(i, SCALE.cardGifts, 3 * 365),
  }));
  await insertAll(db, "offline_gifts", SCALE.offlineGifts, (i) => {
    const at = spread(i, SCALE.offlineGifts, 3 * 365);
    return {
      id: uuid(4, i),
      received_on: at.slice(0, 10),
      method: ["bank-transfer", "cash", "cheque"][i % 3],
      amount_minor: 5000 + (i % 20) * 1000,
      currency: "usd",
      usd_cents: 5000 + (i % 20) * 1000,
      fund_id: i % 4 === 0 ? "health-care-kits" : null,
      donor_name: nameOf(i % SCALE.donors),
      donor_email: `donor${i % SCALE.donors}@example.org`,
      created_at: at,
      created_by: "scale-fixture",
      updated_at: at,
      updated_by: "scale-fixture",
    };
  });
  await insertAll(db, "audit_log", SCALE.audit, (i) => ({
    id: uuid(5, i),
    at: spread(i, SCALE.audit, 2 * 365),
    actor_id: null,
    actor_email: "staff@hopebehindbars.test",
    ip: "127.0.0.1",
    action: ["create", "update", "delete"][i % 3],
    entity: "subscriber",
    entity_id: uuid(1, i % SCALE.subscribers),
    changes: JSON.stringify({ fields: ["status"], values: {} }),
  }));
  const INTERESTS = ["Skills-Based Volunteering", "Event Support", "Fundraising & Partnerships", "General Support"];
  await insertAll(db, "volunteer_applications", SCALE.volunteers, (i) => ({
    id: uuid(6, i),
    full_name: nameOf(i),
    email: `applicant${i}@example.org`,
    phone: "0911000000",
    age: 20 + (i % 40),
    interest: INTERESTS[i % INTERESTS.length],
    skill_set: i % 4 === 0 ? "Teaching" : null,
    other_interest_detail: null,
    motivation: "To help mothers and children.",
    availability: ["Weekdays", "Weekends", "Flexible"][i % 3],
    linkedin: null,
    twitter: null,
    additional_comments: null,
    status: ["Pending", "Contacted", "Accepted", "Rejected", "Canceled"][i % 5],
    created_at: spread(i, SCALE.volunteers, 3 * 365),
  }));
  await insertAll(db, "contact_messages", SCALE.messages, (i) => ({
    id: uuid(7, i),
    name: nameOf(i),
    email: `sender${i}@example.org`,
    message: `Message ${i}: how can our group help the children this year?`,
    is_read: i % 4 === 0 ? 0 : 1,
    created_at: spread(i, SCALE.messages, 3 * 365),
  }));
  const CATEGORIES = ["Partnerships", "Education", "Support", "Skills Training"];
  await insertAll(db, "gallery_items", SCALE.gallery, (i) => {
    const title = `Visit ${i} to the centre`;
    const description = "Mothers and children at a training day.";
    const at = spread(i, SCALE.gallery, 3 * 365);
    return {
      id: uuid(8, i),
      title,
      description,
      category: CATEGORIES[i % CATEGORIES.length],
      event_date: at.slice(0, 10),
      search_text: `${title}\n${description}`.toLowerCase(),
      created_at: at,
      updated_at: at,
      status: "published",
      publish_at: null,
    };
  });
}
