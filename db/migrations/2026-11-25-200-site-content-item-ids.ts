import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0506-site-content-list-items-have-ids.md: site-content list items get stable ids, and
// their Amharic versions are stored under those ids instead of the items' positions, so reordering
// or deleting an English item keeps each translation with its item.
//
// 1. English documents ("site-content": draft, published, every kept version): an item without an
//    id gets "<word>-<FNV-1a of its JSON>" (the same item gets the same id in each of them; a clash
//    in one list takes -2, -3…), which is what core/site-content/site-content.item-ids.ts gives an
//    item read without one.
// 2. Amharic documents ("site-content:am"): a key "faq.2.answer" becomes "faq.<id of item 2>.answer",
//    item 2 of the English it was written against: the English draft for the Amharic draft, the
//    published English for the published Amharic and its kept versions (the defaults' ids while a
//    section was never saved). A key whose position has no item named nothing visible and is dropped.
// Self-contained on purpose: it must do the same thing whatever the code becomes.

const LISTS: Record<string, Record<string, string>> = {
  home: { heroSlides: "slide", impactFigures: "figure", donationNeeds: "need", faq: "question", missionCards: "card" },
  about: { theoryOfChange: "step", coreValues: "value", team: "member", board: "board" },
};

/** The ids of the defaults' items (core/site-content/site-content.defaults.ts as of this migration). */
const DEFAULT_IDS: Record<string, Record<string, string[]>> = {
  home: {
    heroSlides: ["essential-support", "education", "reconnect-families"],
    impactFigures: ["figure-prisons", "figure-products", "figure-children"],
    donationNeeds: ["eccd-package", "vocational-training-machine", "life-skill-training", "health-care-kits"],
    faq: ["question-where", "question-monthly", "question-tax", "question-why", "question-help"],
    missionCards: ["card-mission", "card-vision", "card-values"],
  },
  about: {
    theoryOfChange: ["step-needs", "step-skills", "step-families", "step-reintegration"],
    coreValues: ["value-rights", "value-openness", "value-partnership"],
    team: ["member-selamawit", "member-hana", "member-tigist", "member-dawit"],
    board: ["board-chair", "board-legal", "board-health", "board-finance"],
  },
};

type Json = Record<string, unknown>;

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const idOf = (item: unknown): string | undefined =>
  isObject(item) && typeof item.id === "string" && item.id !== "" ? item.id : undefined;

/** The English content with an id on every item of its lists. */
function withIds(section: string, content: unknown): unknown {
  if (!isObject(content)) return content;
  const out: Json = { ...content };
  for (const [name, word] of Object.entries(LISTS[section] ?? {})) {
    const items = out[name];
    if (!Array.isArray(items)) continue;
    const taken = new Set(items.map(idOf).filter((id): id is string => id !== undefined));
    out[name] = items.map((item) => {
      if (idOf(item) !== undefined || !isObject(item)) return item;
      const base = `${word}-${fnv1a(JSON.stringify(item))}`;
      let id = base;
      for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
      taken.add(id);
      return { ...item, id };
    });
  }
  return out;
}

/** Each list's ids by position in the English (after step 1), or the defaults' where it has no such list. */
function idsByPosition(section: string, english: unknown): Record<string, string[]> {
  const ids: Record<string, string[]> = {};
  for (const name of Object.keys(LISTS[section] ?? {})) {
    const items = isObject(english) ? english[name] : undefined;
    ids[name] = Array.isArray(items) ? items.map((item) => idOf(item) ?? "") : (DEFAULT_IDS[section]?.[name] ?? []);
  }
  return ids;
}

/** `{ "faq.2.answer": text }` → `{ "faq.<id>.answer": text }` (other keys as they were). */
function keyedByIds(section: string, translation: unknown, ids: Record<string, string[]>): unknown {
  if (!isObject(translation)) return translation;
  const out: Json = {};
  for (const [key, text] of Object.entries(translation)) {
    const [list = "", position = "", ...rest] = key.split(".");
    if (!(list in (LISTS[section] ?? {})) || !/^\d+$/.test(position)) {
      out[key] = text;
      continue;
    }
    const id = ids[list]?.[Number(position)];
    if (id) out[[list, id, ...rest].join(".")] = text;
  }
  return out;
}

/** The reverse, for `down`: ids back to the positions they have in the English. */
function keyedByPositions(section: string, translation: unknown, ids: Record<string, string[]>): unknown {
  if (!isObject(translation)) return translation;
  const out: Json = {};
  for (const [key, text] of Object.entries(translation)) {
    const [list = "", id = "", ...rest] = key.split(".");
    const position = list in (LISTS[section] ?? {}) ? (ids[list]?.indexOf(id) ?? -1) : -1;
    out[position >= 0 ? [list, String(position), ...rest].join(".") : key] = text;
  }
  return out;
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
const text = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

async function rewriteTranslations(
  db: Kysely<any>,
  rekey: (section: string, translation: unknown, ids: Record<string, string[]>) => unknown,
): Promise<void> {
  const english = new Map<string, { draft: unknown; published: unknown }>();
  for (const row of await db
    .selectFrom("versioned_documents")
    .select(["key", "draft", "published"])
    .where("kind", "=", "site-content")
    .execute()) {
    english.set(row.key, { draft: parse(row.draft), published: parse(row.published) });
  }
  const publishedIds = (section: string) => idsByPosition(section, english.get(section)?.published ?? null);
  const draftIds = (section: string) => {
    const document = english.get(section);
    return idsByPosition(section, document?.draft ?? document?.published ?? null);
  };

  for (const row of await db
    .selectFrom("versioned_documents")
    .select(["key", "draft", "published"])
    .where("kind", "=", "site-content:am")
    .execute()) {
    await db
      .updateTable("versioned_documents")
      .set({
        draft: text(rekey(row.key, parse(row.draft), draftIds(row.key))),
        published: text(rekey(row.key, parse(row.published), publishedIds(row.key))),
      })
      .where("kind", "=", "site-content:am")
      .where("key", "=", row.key)
      .execute();
  }
  for (const row of await db
    .selectFrom("document_versions")
    .select(["id", "key", "snapshot"])
    .where("kind", "=", "site-content:am")
    .execute()) {
    await db
      .updateTable("document_versions")
      .set({ snapshot: text(rekey(row.key, parse(row.snapshot), publishedIds(row.key))) })
      .where("id", "=", row.id)
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const row of await db
    .selectFrom("versioned_documents")
    .select(["key", "draft", "published"])
    .where("kind", "=", "site-content")
    .execute()) {
    await db
      .updateTable("versioned_documents")
      .set({
        draft: text(withIds(row.key, parse(row.draft))),
        published: text(withIds(row.key, parse(row.published))),
      })
      .where("kind", "=", "site-content")
      .where("key", "=", row.key)
      .execute();
  }
  for (const row of await db
    .selectFrom("document_versions")
    .select(["id", "key", "snapshot"])
    .where("kind", "=", "site-content")
    .execute()) {
    await db
      .updateTable("document_versions")
      .set({ snapshot: text(withIds(row.key, parse(row.snapshot))) })
      .where("id", "=", row.id)
      .execute();
  }
  await rewriteTranslations(db, keyedByIds);
}

/** Amharic keys go back to positions; the English items keep their ids (older code ignores them). */
export async function down(db: Kysely<any>): Promise<void> {
  await rewriteTranslations(db, keyedByPositions);
}
