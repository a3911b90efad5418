/**
 * A PDF drawn with pdfkit, as bytes. pdfkit (with its font and compression code) is loaded on the
 * first PDF, not at start: it adds ~7 MB to the heap that every full collection walks and 0.1 s to
 * a start, for what a few staff downloads and receipt e-mails a day use (decision 0549).
 */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    draw(doc);
    doc.end();
  });
}
