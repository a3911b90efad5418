import { renderPdf, tagText } from "./pdf.ts";
import { type Organisation, type ReceiptDocument, registrationLine } from "./receipt-content.ts";
import { fitLogo, LOGO_BOX } from "./receipt-logo.ts";

const BRAND = "#0b5563";
const ACCENT = "#b4430e";
const MUTED = "#4b5563";
const INK = "#1c2530";
const LOGO_HEIGHT = LOGO_BOX.height;

/**
 * The organisation's logo at the top left, as a figure a reader announces by the organisation's
 * name: the one uploaded in site content, scaled into the logo box with its aspect ratio kept, or
 * else the site's wordmark bars (app/components/logo.tsx) drawn as vectors (sharp at any zoom, no
 * image to load). Answers how wide it is drawn.
 */
export function drawLogo(
  doc: PDFKit.PDFDocument,
  root: PDFKit.PDFStructureElement,
  organisation: Organisation,
  x: number,
  y: number,
): number {
  const alt = `${organisation.name} logo`;
  const { logo } = organisation;
  if (logo) {
    const size = fitLogo(logo.width, logo.height);
    root.add(
      doc.struct("Figure", { alt }, () => {
        doc.image(logo.png, x, y + (LOGO_BOX.height - size.height) / 2, size);
      }),
    );
    return size.width;
  }
  const bars: Array<[number, number, string]> = [
    [1, 5, BRAND],
    [9, 5, ACCENT],
    [17, 5, BRAND],
    [25, 4, ACCENT],
  ];
  root.add(
    doc.struct("Figure", { alt }, () => {
      for (const [left, width, colour] of bars) doc.roundedRect(x + left, y + 2, width, 32, 2).fill(colour);
    }),
  );
  return LOGO_BOX.width;
}

/**
 * The receipt as a one-page tagged PDF (pdfkit: drawn directly, no browser), with the same
 * label–value lines as the e-mail, read as a table; the standard Helvetica needs no embedded font, so
 * it stays a few kilobytes.
 */
export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { organisation, lang } = receipt;
  return renderPdf({ title: receipt.title, lang, author: organisation.name }, (doc, root) => {
    const left = doc.page.margins.left;
    const top = doc.y;
    const logoWidth = drawLogo(doc, root, organisation, left, top);
    // The name beside the logo: pdfkit writes where its x and y stand.
    doc.x = left + logoWidth + 8;
    doc.y = top + 8;
    doc.fontSize(20).fillColor(BRAND);
    tagText(doc, root, "P", organisation.name, "Helvetica-Bold", lang);
    doc.x = left;
    doc.y = Math.max(doc.y, top + LOGO_HEIGHT);
    doc.moveDown(0.8);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED);
    const registration = registrationLine(organisation);
    const contact = [...(registration ? [registration] : []), ...organisation.address, organisation.email];
    for (const line of contact.filter(Boolean)) tagText(doc, root, "P", line, "Helvetica", lang);
    doc.moveDown(2);
    doc.fontSize(16).fillColor(INK);
    tagText(doc, root, "H1", receipt.title, "Helvetica-Bold", lang);
    doc.moveDown();
    const table = doc.struct("Table");
    root.add(table);
    for (const [label, value] of receipt.lines) {
      const row = doc.struct("TR");
      table.add(row);
      doc.fontSize(10).fillColor(MUTED);
      tagText(doc, row, "TH", label, "Helvetica", lang);
      doc.fontSize(12).fillColor(INK);
      tagText(doc, row, "TD", value, "Helvetica-Bold", lang);
      row.end();
      doc.moveDown(0.5);
    }
    table.end();
    doc.moveDown();
    doc.fontSize(11).fillColor(INK);
    for (const paragraph of receipt.statements) {
      tagText(doc, root, "P", paragraph, "Helvetica", lang);
      doc.moveDown(0.5);
    }
    if (receipt.message) {
      doc.moveDown();
      doc.fontSize(11).fillColor(BRAND);
      tagText(doc, root, "H2", receipt.message.heading, "Helvetica-Bold", lang);
      doc.moveDown(0.3);
      doc.fillColor(INK);
      tagText(doc, root, "P", receipt.message.text, "Helvetica", lang);
    }
  });
}
