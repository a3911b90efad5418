import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Faq } from "../components/home/faq";
import { ENGLISH_I18N } from "../i18n/english";
import { island } from "./island";
import { IslandPage } from "./island-page";
import { ISLANDS } from "./registry";

const FaqIsland = island("faq", Faq);
const items = [
  { id: "question-tax", question: "Is my gift tax-deductible?", answer: "Yes, <where registered> & receipted." },
];

const assets = {
  entry: "/assets/islands/entry.client-x.js",
  entryImports: [],
  chunks: { faq: ["/assets/islands/faq-x.js", "/assets/islands/entry.client-x.js"] },
};

describe("island", () => {
  it("renders the component in place, marked with its name and its props for the browser", () => {
    const html = renderToString(<FaqIsland items={items} />);
    expect(html).toMatch(/^<div data-island="faq" data-props="[^"]*" class="contents">/);
    const props = html.match(/data-props="([^"]*)"/)?.[1] ?? "";
    const unescaped = props
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(JSON.parse(unescaped)).toEqual({ items });
    expect(html).toContain("Is my gift tax-deductible?");
  });

  it("preloads the island's modules once, at low priority, with the request's nonce", () => {
    const html = renderToString(
      <html lang="en">
        <head />
        <body>
          <IslandPage assets={assets} i18n={ENGLISH_I18N} nonce="n0nce">
            <FaqIsland items={items} />
          </IslandPage>
        </body>
      </html>,
    );
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/islands/faq-x.js" fetchPriority="low" nonce="n0nce"/>',
    );
    // Once each, however many islands need it.
    expect(html.match(/faq-x\.js/g)).toHaveLength(1);
  });

  it("loads a component for every name in the registry", async () => {
    expect(await ISLANDS.faq()).toBe(Faq);
    for (const load of Object.values(ISLANDS)) expect(typeof (await load())).toBe("function");
  });
});
