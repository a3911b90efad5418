import { z } from "zod";

/**
 * Other-language versions of content items' text fields
 * (docs/decisions/0420-content-translations.md). English lives on each item's own row, as before;
 * a translation holds only the fields staff translated. The back-office form, the API and the
 * public pages share these definitions; pages import only the types and the field lists.
 */

/** The site's languages; English is the source every item is written in. */
export const CONTENT_LOCALES = ["en", "am"] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

/** The languages a content item can be translated into. */
export const TRANSLATION_LOCALES = ["am"] as const;
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

export const isTranslationLocale = (value: string): value is TranslationLocale =>
  (TRANSLATION_LOCALES as readonly string[]).includes(value);

/** The kinds of item that can be translated, named as the audit log names them. */
export const TRANSLATABLE_KINDS = ["blog", "publication", "gallery-item", "video"] as const;
export type TranslatableKind = (typeof TRANSLATABLE_KINDS)[number];

export const isTranslatableKind = (value: string): value is TranslatableKind =>
  (TRANSLATABLE_KINDS as readonly string[]).includes(value);

/** How a field is edited: one line, a paragraph, or the blog's rich-text editor (sanitised like the English). */
export type FieldInput = "line" | "text" | "rich";

export interface TranslatableField {
  /** The item's own field name (as the API and the English form name it). */
  name: string;
  label: string;
  input: FieldInput;
  max: number;
  /**
   * A picture's description (docs/decisions/0770-every-picture-described.md): not counted in how far
   * a version is, since the English picture may have none to translate.
   */
  describesPicture?: true;
}

/** The fields counted in how far an item's version in another language is. */
export const countedFields = (kind: TranslatableKind) =>
  TRANSLATABLE_FIELDS[kind].filter((field) => !field.describesPicture).map((field) => field.name);

/** Every text field a visitor reads, per kind; the limits are the English field's. */
export const TRANSLATABLE_FIELDS: Record<TranslatableKind, readonly TranslatableField[]> = {
  blog: [
    { name: "title", label: "Title", input: "line", max: 200 },
    { name: "excerpt", label: "Excerpt", input: "text", max: 600 },
    { name: "content", label: "Content", input: "rich", max: 200_000 },
    { name: "imageAlt", label: "What the picture shows", input: "line", max: 300, describesPicture: true },
  ],
  publication: [
    { name: "title", label: "Title", input: "line", max: 200 },
    { name: "description", label: "Description", input: "text", max: 2000 },
    { name: "imageAlt", label: "What the picture shows", input: "line", max: 300, describesPicture: true },
  ],
  "gallery-item": [
    { name: "title", label: "Title", input: "line", max: 200 },
    { name: "description", label: "Description", input: "text", max: 5000 },
  ],
  video: [
    { name: "title", label: "Title", input: "line", max: 200 },
    { name: "description", label: "Description", input: "text", max: 5000 },
  ],
};

export const TRANSLATION_MESSAGES = {
  unknownKind: "There is no such kind of content.",
  unknownLocale: "There is no such language.",
  notFound: "There is no such item.",
  tooLong: (label: string, max: number) => `${label}: please keep this under ${max} characters.`,
  saved: "Amharic version saved.",
} as const;

/**
 * A save: every field of the kind, each optional; an empty or missing field has no translation
 * (the page shows the English one). Unknown keys are dropped.
 */
export function translationInputSchema(kind: TranslatableKind) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of TRANSLATABLE_FIELDS[kind]) {
    shape[field.name] = z
      .string({ error: `${field.label} must be text` })
      .trim()
      .max(field.max, TRANSLATION_MESSAGES.tooLong(field.label, field.max))
      .default("");
  }
  return z.object({ fields: z.object(shape).default({}) });
}

/** How complete an item's translation is: the admin lists' badge and filter. */
export type TranslationCoverage = "missing" | "partial" | "complete";

/** One item's translation as the back office edits it. */
export interface TranslationState {
  kind: TranslatableKind;
  id: string;
  locale: TranslationLocale;
  /** The translated fields; a field absent here is shown in English. */
  fields: Record<string, string>;
  /** The English text of each field, for reference beside the translation. */
  english: Record<string, string>;
  coverage: TranslationCoverage;
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * An item as a page in `locale` shows it: translated fields replaced, and `englishFields` naming the
 * fields still in English, which the page marks `lang="en"`.
 */
export type Localised<T> = T & { locale: ContentLocale; englishFields: string[] };

/** What a page needs to tell which fields of an item are in English (absent: the item is not localised). */
export interface FieldLanguages {
  locale?: ContentLocale;
  englishFields?: readonly string[];
}

/**
 * `"en"` when a field of a localised item is shown in English on a page of another language: the
 * element drawing it takes `lang={fieldLang(item, "title")}` (undefined, so no attribute, otherwise).
 */
export function fieldLang(item: FieldLanguages, field: string): "en" | undefined {
  return item.locale && item.locale !== "en" && item.englishFields?.includes(field) ? "en" : undefined;
}
