import { fileURLToPath } from "node:url";

/** What a reader announces first: the document's title and the language of its text. */
export interface PdfHeading {
  title: string;
  /** BCP 47, "en" or "am": the language a screen reader reads the text in. */
  lang: string;
  author?: string | undefined;
}

/**
 * A tagged PDF drawn with pdfkit, as bytes (docs/decisions/0882-tagged-receipt-pdfs.md): every
 * piece of text is drawn inside a structure element of `root`, so screen readers get headings,
 * paragraphs and tables in reading order, and the title and language from the document itself.
 * pdfkit (with its font and compression code) is loaded on the first PDF, not at start: it adds ~7 MB
 * to the heap that every full collection walks and 0.1 s to a start, for what a few staff downloads
 * and receipt e-mails a day use (decision 0549).
 */
export async function renderPdf(
  heading: PdfHeading,
  draw: (doc: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement) => void | Promise<void>,
): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    pdfVersion: "1.7",
    tagged: true,
    lang: heading.lang,
    displayTitle: true,
    info: { Title: heading.title, ...(heading.author ? { Author: heading.author } : {}) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  await draw(doc, root);
  root.end();
  doc.end();
  return done;
}

/**
 * Helvetica has no Ethiopic letters: a donor's Amharic tribute line or a fund's Amharic message
 * (docs/decisions/0840) is drawn with the site's own Noto Sans Ethiopic (regular, the Ethiopic block
 * only, so spaces, digits and Latin stay in Helvetica), embedded only in documents that need it. It is
 * the web font unpacked to TrueType (scripts/subset-ethiopic-font.sh): pdfkit misreads some of the
 * WOFF2 file's glyphs.
 */
const ETHIOPIC_FONT = fileURLToPath(new URL("./fonts/noto-sans-ethiopic-400.ttf", import.meta.url));
export type LatinFont = "Helvetica" | "Helvetica-Bold";
const ETHIOPIC_RUN = /([\u1200-\u137f]+)/u;

/** The language of a text for a reader: Amharic as soon as it has Ethiopic letters. */
export const langOf = (text: string, otherwise: string): string => (ETHIOPIC_RUN.test(text) ? "am" : otherwise);

/**
 * Writes `text` where the document stands, switching to the Ethiopic face for each run of Ethiopic
 * letters. Untagged: call it inside a structure element's closure.
 */
export function write(doc: PDFKit.PDFDocument, text: string, font: LatinFont, options: PDFKit.Mixins.TextOptions = {}) {
  if (!ETHIOPIC_RUN.test(text)) {
    doc.font(font).text(text, options);
    return;
  }
  const runs = text.split(ETHIOPIC_RUN).filter((run) => run !== "");
  runs.forEach((run, index) => {
    doc
      .font(ETHIOPIC_RUN.test(run) ? ETHIOPIC_FONT : font)
      .text(run, { ...options, continued: index < runs.length - 1 });
  });
}

/**
 * A structure element of `type` holding `text`, added to `parent`; text in another language than the
 * document's (an Amharic tribute line on an English receipt) carries its own language.
 */
export function tagText(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  type: string,
  text: string,
  font: LatinFont,
  documentLang: string,
  options: PDFKit.Mixins.TextOptions = {},
) {
  const lang = langOf(text, documentLang);
  parent.add(doc.struct(type, lang === documentLang ? {} : { lang }, () => write(doc, text, font, options)));
}
