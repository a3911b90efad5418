/**
 * The one look of the site's e-mails. A feature describes what to say (`EmailContent`); this renders
 * it as HTML with React Email (inline styles that survive Gmail and Outlook) and as plain text
 * written from the same content, so both parts always say the same (email-layout.ts).
 *
 * React Email and what it brings are loaded by the first e-mail a process renders, not at start:
 * most starts send none, and they cost ≈ 20 MB of memory and ≈ 0.1 s (docs/decisions/0554).
 */
export interface EmailContent {
  /** The language it is written in, for the HTML's `lang` (English when absent). */
  lang?: string;
  subject: string;
  /** One line inboxes show after the subject. */
  preview?: string;
  heading: string;
  /** Paragraphs before the details; plain text (escaped in HTML), blank lines kept. */
  intro: readonly string[];
  /** Label–value lines, e.g. an application's answers; empty values are left out. */
  details?: ReadonlyArray<readonly [string, string | number | undefined | null]>;
  /** Paragraphs after the details. */
  body?: readonly string[];
  /** The one thing to do: a button in HTML, a bare URL in text. */
  action?: { label: string; url: string };
  /** Small print under a rule, e.g. why the recipient got this or when a link expires. */
  footer?: readonly string[];
  /** Links under the small print, e.g. "Unsubscribe". */
  footerLinks?: ReadonlyArray<{ label: string; url: string }>;
  /** A picture above the heading (an absolute URL). */
  image?: { url: string; alt: string };
  /**
   * Rich text after the intro: HTML already sanitised by the feature (the blog editor's tags only),
   * given e-mail-safe inline styles here; its plain text is derived from it.
   */
  html?: string;
  /** The HTML the plain text is derived from, when it should differ from `html` (e.g. a table button as "Label: URL"). */
  textHtml?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html?: string;
}

let layout: Promise<typeof import("./email-layout.ts")> | undefined;

export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  layout ??= import("./email-layout.ts");
  return (await layout).renderEmailNow(content);
}
