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
      doc.font("Helvetica-Bold").fontSize(12).fillColor("#1c2530").text(value);
      doc.moveDown(0.5);
    }
    doc.moveDown();
    doc.font("Helvetica").fontSize(11).fillColor("#1c2530");
    for (const paragraph of receipt.statements) {
      doc.text(paragraph);
      doc.moveDown(0.5);
    }
  });
}
