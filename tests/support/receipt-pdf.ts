import { extractText, getDocumentProxy } from "unpdf";

/** The PDF attached to a raw e-mail, decoded. */
export function attachedPdf(raw: string): Buffer {
  const part = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/i.exec(raw);
  if (!part?.[1]) throw new Error("no PDF attached");
  return Buffer.from(part[1].replace(/\s+/g, ""), "base64");
}

/** A PDF's text as a reader sees it, whitespace folded. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** The image XObjects of a PDF, by their dictionaries' sizes (pdfkit writes dictionaries uncompressed). */
export const imagesOf = (pdf: Buffer) =>
  [...pdf.toString("latin1").matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map(([dictionary]) => ({
    width: Number(/\/Width (\d+)/.exec(dictionary)?.[1]),
    height: Number(/\/Height (\d+)/.exec(dictionary)?.[1]),
    filter: /\/Filter \/(\w+)/.exec(dictionary)?.[1],
  }));
