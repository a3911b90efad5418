import sharp from "sharp";
import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { imagesOf, pdfText } from "../../tests/support/receipt-pdf.ts";
import { receiptDocument } from "./receipt-content.ts";
import { createLogoCache, fitLogo, logoPng } from "./receipt-logo.ts";
import { renderReceiptPdf } from "./receipt-pdf.ts";
import { renderStatementPdf } from "./year-statements.ts";

const organisation = {
  name: "Hope Behind Bars",
  address: ["Bole, Addis Ababa"],
  email: "info@hopebehindbars.test",
  registrationNumber: "ET-1234",
};

const RECEIPT = {
  id: "r1",
  number: "2026-0042",
  year: 2026,
  payment_id: "p1",
  offline_gift_id: null,
  donor_email: "selam@example.org",
  donor_name: "Selam",
  gift_date: "2026-11-27",
  amount_minor: 5000,
  fee_cover_minor: 150,
  currency: "usd",
  fund_id: null,
  frequency: "one-time",
  issued_at: "2026-11-27T10:00:00.000Z",
  sent_count: 1,
  voided_at: null,
  method: null,
  reference: null,
  fund_title: null,
  tribute_line: "ለAbebe መታሰቢያ",
} as const;

interface StructNode {
  role?: string;
  lang?: string;
  alt?: string;
  children?: StructNode[];
}

/** Every structure element of the page, depth first (the reading order). */
const nodes = (node: StructNode): StructNode[] => [node, ...(node.children ?? []).flatMap(nodes)];

async function tagsOf(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const info = (await document.getMetadata()).info as Record<string, unknown>;
  const tree = (await (await document.getPage(1)).getStructTree()) as StructNode;
  return { markInfo: await document.getMarkInfo(), info, elements: nodes(tree) };
}

/** The tagged PDF (docs/decisions/0882-tagged-receipt-pdfs.md), as a screen reader opens it. */
describe("receipt and statement PDFs are tagged", () => {
  it("a receipt has its structure, title, language and logo description, and reads in order", async () => {
    const pdf = await renderReceiptPdf(receiptDocument(RECEIPT, organisation));
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/StructTreeRoot");
    expect(raw).toMatch(/\/MarkInfo\s+\d+ 0 R|\/MarkInfo <</);
    expect(raw).toContain("/Lang (en)");
    expect(raw).toMatch(/\/DisplayDocTitle true/);

    const { markInfo, info, elements } = await tagsOf(pdf);
    expect(markInfo?.Marked).toBe(true);
    expect(info.Title).toBe("Receipt 2026-0042");
    expect(info.Language).toBe("en");
    const roles = elements.map((e) => e.role);
    expect(roles).toEqual(expect.arrayContaining(["Figure", "H1", "Table", "TR", "TH", "TD", "P"]));
    expect(roles.indexOf("Figure")).toBeLessThan(roles.indexOf("H1"));
    expect(roles.indexOf("H1")).toBeLessThan(roles.indexOf("Table"));
    expect(elements.find((e) => e.role === "Figure")?.alt).toBe("Hope Behind Bars logo");
    // The donor's Amharic words carry their own language on the English receipt.
    expect(elements.some((e) => e.role === "TD" && e.lang === "am")).toBe(true);

    const text = await pdfText(pdf);
    const order = ["Hope Behind Bars", "Registration no. ET-1234", "Receipt 2026-0042", "Received from", "Selam"];
    const at = order.map((words) => text.indexOf(words));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain("ለAbebe መታሰቢያ");
  });

  it("a year statement has its structure, title and language, with its gifts as a table", async () => {
    const pdf = await renderStatementPdf(
      {
        email: "selam@example.org",
        name: "Selam",
        locale: "am",
        gifts: [
          { date: "2026-03-01", receipt: "2026-0001", amountMinor: 4000, feeCoverMinor: 120, currency: "usd" },
          { date: "2026-09-01", receipt: "2026-0090", amountMinor: 1000, feeCoverMinor: 0, currency: "usd" },
        ],
        totals: [{ currency: "usd", minor: 5000, feeCoverMinor: 120, paidMinor: 5120 }],
      },
      2026,
      organisation,
    );
    const { markInfo, info, elements } = await tagsOf(pdf);
    expect(markInfo?.Marked).toBe(true);
    expect(info.Title).toBe("Giving statement 2026");
    expect(info.Language).toBe("en");
    expect(elements.filter((e) => e.role === "TR")).toHaveLength(3);
    expect(elements.filter((e) => e.role === "TH").length).toBeGreaterThan(0);
    const text = await pdfText(pdf);
    const order = [
      "Giving statement 2026",
      "2026-03-01",
      "$40 + $1.20 to cover fees",
      "2026-09-01",
      "Total paid: $51.20",
    ];
    const at = order.map((words) => text.indexOf(words));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

/** A 400 × 200 logo, as staff might upload it (a wide mark on transparency). */
const wideLogo = () =>
  sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 11, g: 85, b: 99, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** The organisation's uploaded logo (docs/decisions/0891-organisation-logo-on-receipts.md). */
describe("the organisation's logo on receipts and statements", () => {
  it("is embedded once converted to a PNG four pixels per point of the logo box, aspect kept, as the figure", async () => {
    const logo = await logoPng(await wideLogo());
    expect(logo).toMatchObject({ width: 136, height: 68 });
    expect(logo.png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(fitLogo(logo.width, logo.height)).toEqual({ width: 34, height: 17 });
    expect(fitLogo(100, 400)).toEqual({ width: 9, height: 36 });

    const withLogo = { ...organisation, logo };
    const receipt = await renderReceiptPdf(receiptDocument(RECEIPT, withLogo));
    const statement = await renderStatementPdf(
      { email: "selam@example.org", name: "Selam", locale: "en", gifts: [], totals: [] },
      2026,
      withLogo,
    );
    for (const pdf of [receipt, statement]) {
      expect(imagesOf(pdf)).toEqual([{ width: 136, height: 68, filter: "FlateDecode" }]);
      const { elements } = await tagsOf(pdf);
      const figures = elements.filter((e) => e.role === "Figure");
      expect(figures.map((figure) => figure.alt)).toEqual(["Hope Behind Bars logo"]);
      expect(elements.map((e) => e.role).indexOf("Figure")).toBeLessThan(elements.map((e) => e.role).indexOf("H1"));
    }
  });

  it("without one, the wordmark is drawn as before: no image at all", async () => {
    const pdf = await renderReceiptPdf(receiptDocument(RECEIPT, organisation));
    expect(imagesOf(pdf)).toEqual([]);
    const { elements } = await tagsOf(pdf);
    expect(elements.filter((e) => e.role === "Figure").map((figure) => figure.alt)).toEqual(["Hope Behind Bars logo"]);
  });

  it("reads and converts a file once however many PDFs draw it, and again only for another file", async () => {
    const png = await wideLogo();
    const reads: string[] = [];
    const logoOf = createLogoCache(async (url) => {
      reads.push(url);
      return url === "/uploads/site/gone.jpg" ? undefined : png;
    });
    const first = await logoOf({ url: "/uploads/site/a.jpg" });
    expect(await logoOf({ url: "/uploads/site/a.jpg" })).toBe(first);
    expect(first).toMatchObject({ width: 136, height: 68 });
    expect(await logoOf(null)).toBeUndefined();
    await logoOf({ url: "/uploads/site/b.jpg" });
    // A file that cannot be read prints the wordmark, and is tried again next time.
    expect(await logoOf({ url: "/uploads/site/gone.jpg" })).toBeUndefined();
    expect(await logoOf({ url: "/uploads/site/gone.jpg" })).toBeUndefined();
    expect(reads).toEqual([
      "/uploads/site/a.jpg",
      "/uploads/site/b.jpg",
      "/uploads/site/gone.jpg",
      "/uploads/site/gone.jpg",
    ]);
  });
});
