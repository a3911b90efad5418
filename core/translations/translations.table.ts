/** One translated field of one content item (docs/decisions/0420-content-translations.md). */
export interface ContentTranslationTable {
  /** The item's kind, as the audit log names it: "blog", "publication", "gallery-item", "video". */
  kind: string;
  item_id: string;
  /** "am". English is never stored here: it is the item's own row. */
  locale: string;
  /** The item's field name, e.g. "title". */
  field: string;
  /** The translated text; rich text is sanitised HTML. Never empty (an empty field has no row). */
  value: string;
  updated_at: string;
  /** The staff member's e-mail, copied. */
  updated_by: string;
}
