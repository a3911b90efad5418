import { renderPdf } from "./pdf.ts";
import type { ReceiptDocument } from "./receipt-content.ts";

const BRAND = "#0b5563";
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
    doc.font("Helvetica-Bold").fontSize(20).fillColor(BRAND).text(receipt.organisation.name);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED);
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
