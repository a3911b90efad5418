import type { SiteSection } from "./site-content.schema.ts";

/**
 * Stable ids for the items of site-content lists (docs/decisions/0506): what a list item's Amharic
 * version is stored under, so reordering or deleting English items keeps each translation with its
 * item. The admin form makes an id when staff add an item; this gives one to an item that reaches
 * the service without one (an API client's save, a document stored before ids). Pure: no node
 * builtins, so pages and forms may import it too.
 */

/** The lists of each section whose items carry an id, with the word a made-up id starts with. */
export const ITEM_LISTS: Record<SiteSection, Readonly<Record<string, string>>> = {
  home: { heroSlides: "slide", impactFigures: "figure", donationNeeds: "need", faq: "question", missionCards: "card" },
  about: { theoryOfChange: "step", coreValues: "value", team: "member", board: "board" },
  donating: {},
  contact: {},
  privacy: {},
};

/** 32-bit FNV-1a of a text as 8 hex digits: a short name for an item's content, the same wherever it is read. */
export function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

const hasId = (item: unknown): boolean =>
  typeof item === "object" &&
  item !== null &&
  typeof (item as { id?: unknown }).id === "string" &&
  (item as { id: string }).id !== "";

/**
 * `content` with an id on every item of its lists that has none: the list's word and a hash of the
 * item's content ("question-1a2b3c4d"), so one item gets the same id in a draft, the published
 * content and a kept version (migration 2026-11-25-200 gave stored documents theirs this way). Ids
 * already there are kept; a clash within a list takes "-2", "-3"… Anything that is not an object
 * with lists is returned as it is (the schema then says what is wrong).
 */
export function withItemIds(section: SiteSection, content: unknown): unknown {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return content;
  const out: Record<string, unknown> = { ...(content as Record<string, unknown>) };
  for (const [name, word] of Object.entries(ITEM_LISTS[section])) {
    const items = out[name];
    if (!Array.isArray(items) || items.every((item) => hasId(item) || typeof item !== "object" || item === null)) {
      continue;
    }
    const taken = new Set(items.filter(hasId).map((item) => (item as { id: string }).id));
    out[name] = items.map((item) => {
      if (hasId(item) || typeof item !== "object" || item === null || Array.isArray(item)) return item;
      const base = `${word}-${contentHash(JSON.stringify(item))}`;
      let id = base;
      for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
      taken.add(id);
      return { ...(item as Record<string, unknown>), id };
    });
  }
  return out;
}
