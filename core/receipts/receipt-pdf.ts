import { fileURLToPath } from "node:url";
import { renderPdf } from "./pdf.ts";
import { type ReceiptDocument, registrationLine } from "./receipt-content.ts";

const BRAND = "#0b5563";
const ACCENT = "#b4430e";

/** The site's wordmark bars (app/components/logo.tsx), drawn as vectors: sharp at any zoom, no image to load. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number) {
  const bars: Array<[number, number, string]> = [
    [1, 5, BRAND],
    [9, 5, ACCENT],
    [17, 5, BRAND],
    [25, 4, ACCENT],
  ];
  for (const [left, width, colour] of bars) doc.roundedRect(x + left, y + 2, width, 32, 2).fill(colour);
}
const MUTED = "#4b5563";
const INK = "#1c2530";

/**
 * Helvetica has no Ethiopic letters: a donor's Amharic tribute line or a fund's Amharic message
 * (docs/decisions/0840) is drawn with the site's own Noto Sans Ethiopic (regular, the Ethiopic block
 * only, so spaces, digits and Latin stay in Helvetica), embedded only in receipts that need it. It is
 * the web font unpacked to TrueType (scripts/subset-ethiopic-font.sh): pdfkit misreads some of the
 * WOFF2 file's glyphs.
 */
const ETHIOPIC_FONT = fileURLToPath(new URL("./fonts/noto-sans-ethiopic-400.ttf", import.meta.url));
type LatinFont = "Helvetica" | "Helvetica-Bold";
const ETHIOPIC_RUN = /([\u1200-\u137f]+)/u;

/** Writes a paragraph, switching to the Ethiopic face for each run of Ethiopic letters. */
function write(doc: PDFKit.PDFDocument, text: string, font: LatinFont) {
  if (!ETHIOPIC_RUN.test(text)) {
    doc.font(font).text(text);
    return;
  }
  const runs = text.split(ETHIOPIC_RUN).filter((run) => run !== "");
  runs.forEach((run, index) => {
    doc.font(ETHIOPIC_RUN.test(run) ? ETHIOPIC_FONT : font).text(run, { continued: index < runs.length - 1 });
  });
}

/**
 * The receipt as a one-page PDF (pdfkit: drawn directly, no browser), with the same label–value
 * lines as the e-mail; the standard Helvetica needs no embedded font, so it stays a few kilobytes.
 */
export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const options = {
    size: "A4",
    margin: 56,
    info: { Title: `Receipt ${receipt.number}`, Author: receipt.organisation.name },
  };
  return renderPdf(options, (doc) => {
    const top = doc.y;
    drawLogo(doc, doc.page.margins.left, top);
    doc
      .font("Helvetica-Bold")
      .fontSize(20)
      .fillColor(BRAND)
      .text(receipt.organisation.name, doc.page.margins.left + 42, top + 8);
    doc.x = doc.page.margins.left;
    doc.moveDown(0.8);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED);
    const registration = registrationLine(receipt.organisation);
    if (registration) doc.text(registration);
    for (const line of receipt.organisation.address) doc.text(line);
    if (receipt.organisation.email) doc.text(receipt.organisation.email);
    doc.moveDown(2);
    doc.font("Helvetica-Bold").fontSize(16).fillColor("#1c2530").text(receipt.title);
    doc.moveDown();
    for (const [label, value] of receipt.lines) {
      doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(label);
      doc.fontSize(12).fillColor(INK);
      write(doc, value, "Helvetica-Bold");
      doc.moveDown(0.5);
    }
    doc.moveDown();
    doc.font("Helvetica").fontSize(11).fillColor(INK);
    for (const paragraph of receipt.statements) {
      doc.text(paragraph);
      doc.moveDown(0.5);
    }
    if (receipt.message) {
      doc.moveDown();
      doc.font("Helvetica-Bold").fontSize(11).fillColor(BRAND).text(receipt.message.heading);
      doc.moveDown(0.3);
      doc.fontSize(11).fillColor(INK);
      write(doc, receipt.message.text, "Helvetica");
    }
  });
}
