/**
 * Which words of a site-content section have an Amharic version
 * (docs/decisions/0420-content-translations.md): every text a visitor reads. Each is named twice:
 * by its `path` in the section as it is now ("faq.2.answer", positions: what pages and the form's
 * labels use) and by its `key`, where a list item is named by its id instead of its position
 * ("faq.question-where.answer"): what the translation is stored under, so it stays with its item
 * when the English list is reordered or an item is deleted (docs/decisions/0506). Names of people,
 * numbers, addresses of web pages, e-mail and bank details stay as they are. Pure functions: the
 * service, the admin form and the pages share them.
 */

/** Keys whose string value is plain text a visitor reads. */
const TEXT_KEYS = new Set([
  "title",
  "description",
  "imageAlt",
  "alt",
  "ctaText",
  "introHeading",
  "label",
  "category",
  "question",
  "answer",
  "text",
  "vision",
  "mission",
  "quote",
  "role",
  "bio",
  "thought",
  "changeOutcome",
  "officeHours",
  "footerTagline",
  "intro",
  "contactPerson",
  "thankYouMessage",
]);
/** Keys whose value is the blog editor's HTML. */
const RICH_KEYS = new Set(["introText", "story"]);
/** Lists of plain strings that are text. */
const TEXT_LISTS = new Set(["addressLines"]);

export interface SiteTextField {
  /** Where the text is in the section now, e.g. "faq.2.answer". */
  path: string;
  /**
   * What its translation is stored under: the path with each list item named by its id, e.g.
   * "faq.question-where.answer" (a list of plain texts, the address lines, keeps positions).
   */
  key: string;
  /** How the admin form names it, e.g. "Faq 3 · Answer". */
  label: string;
  rich: boolean;
  /** The English text. */
  english: string;
}

/** The admin form's own names for keys whose spelling reads badly. */
const LABELS: Record<string, string> = {
  imageAlt: "Image description",
  alt: "Image description",
  ctaText: "Button text",
  introHeading: "Introduction heading",
  contactPerson: "Whom to write to",
  introText: "Introduction text",
  faq: "Questions",
};

const words = (key: string) => {
  if (LABELS[key]) return LABELS[key];
  const spaced = key.replace(/([A-Z])/g, " $1").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function labelOf(path: string[]): string {
  const parts: string[] = [];
  for (const part of path) {
    if (/^\d+$/.test(part)) parts[parts.length - 1] = `${parts[parts.length - 1]} ${Number(part) + 1}`;
    else parts.push(words(part));
  }
  return parts.join(" · ");
}

/** An item's id, when it is an object that has one. */
const idOf = (item: unknown): string | undefined => {
  const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/** Every translatable text of a section's content, in the order the form shows them. */
export function siteTextFields(content: unknown): SiteTextField[] {
  const found: SiteTextField[] = [];
  const walk = (value: unknown, path: string[], keys: string[]) => {
    const key = path[path.length - 1] ?? "";
    if (typeof value === "string") {
      const parent = path[path.length - 2] ?? "";
      const isText = TEXT_KEYS.has(key) || RICH_KEYS.has(key) || (/^\d+$/.test(key) && TEXT_LISTS.has(parent));
      if (isText && value.trim() !== "") {
        found.push({
          path: path.join("."),
          key: keys.join("."),
          label: labelOf(path),
          rich: RICH_KEYS.has(key),
          english: value,
        });
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        walk(item, [...path, String(index)], [...keys, idOf(item) ?? String(index)]);
      }
    } else if (value && typeof value === "object") {
      // Pictures carry URLs and sizes, never text; the logo's description is read on English receipts only (decision 0891).
      if (key === "image" || key === "logo") return;
      for (const [name, child] of Object.entries(value)) walk(child, [...path, name], [...keys, name]);
    }
  };
  walk(content, [], []);
  return found;
}

/**
 * The section as an Amharic page shows it: each translated text (found by its key) in place of the
 * English, and the paths (positions, as the page draws them) still in English, which the page marks
 * `lang="en"`.
 */
export function applySiteTranslation<T>(
  content: T,
  translation: Record<string, string>,
): { content: T; englishPaths: string[] } {
  const copy = structuredClone(content) as unknown;
  const englishPaths: string[] = [];
  for (const field of siteTextFields(content)) {
    const value = translation[field.key];
    if (!value) {
      englishPaths.push(field.path);
      continue;
    }
    const keys = field.path.split(".");
    let target = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[keys[keys.length - 1] as string] = value;
  }
  return { content: copy as T, englishPaths };
}

/** `"en"` when the text at `path` of a section is shown in English on an Amharic page. */
export const sitePathLang = (englishPaths: readonly string[] | undefined, path: string): "en" | undefined =>
  englishPaths?.includes(path) ? "en" : undefined;
