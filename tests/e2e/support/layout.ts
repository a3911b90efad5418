import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes that share more than a sliver (rounding and 1 px borders aside). */
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;

/**
 * What a person looks for first on a screenshot, measured in the page so that a test fails on it:
 * the page fits the viewport's width (no sideways scrolling), every image arrived and decoded
 * (lazy ones are fetched for the check), and each named element is shown, inside the viewport's
 * width and clear of the other named ones. Name elements that sit side by side or one under
 * another, e.g. the header, the heading, a card and a button.
 */
export async function expectLaidOut(page: Page, elements: Record<string, Locator>, where: string): Promise<void> {
  // Measured from the top, where a sticky header covers nothing.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: wider than the ${clientWidth} px viewport`).toBeLessThanOrEqual(clientWidth);

  // Asked again until every image has loaded (or the poll gives up): a page that swaps an image
  // while this looks (an admin list refreshing a photo whose sizes have just been made, say)
  // leaves it empty for a moment, which is not a broken image.
  const unloadedImages = () =>
    page.evaluate(async () => {
      const images = [...document.images];
      for (const image of images) image.loading = "eager";
      // decode() settles once the image has arrived (or failed): no waiting for a fixed time. It also
      // rejects when the request it waited on is replaced (srcset choosing again, say); then the
      // image's own load or error event says when the request that replaced it has settled.
      const settled = (image: HTMLImageElement) =>
        image.complete
          ? undefined
          : new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
            });
      await Promise.all(images.map((image) => image.decode().catch(() => settled(image))));
      return images.filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.outerHTML);
    });
  await expect.poll(unloadedImages, { message: `${where}: images that did not load`, timeout: 15_000 }).toEqual([]);

  for (const [name, locator] of Object.entries(elements)) {
    expect(await locator.isVisible(), `${where}: ${name} is visible`).toBe(true);
  }
  // Every box read in one go, from one layout: read one by one, a list that redraws meanwhile (an
  // admin grid showing a photo whose sizes have just been made, say) gave boxes from two layouts.
  const handles = await Promise.all(Object.values(elements).map((locator) => locator.elementHandle()));
  const measured = await page.evaluate(
    (shown) =>
      shown.map((element) => {
        const { x, y, width, height } = (element as Element).getBoundingClientRect();
        return { x, y, width, height };
      }),
    handles,
  );
  const boxes: Array<[string, Box]> = [];
  for (const [index, name] of Object.keys(elements).entries()) {
    const box = measured[index] as Box;
    expect(
      box.x >= 0 && box.x + box.width <= clientWidth + 0.5,
      `${where}: ${name} (x ${Math.round(box.x)}, width ${Math.round(box.width)}) fits in ${clientWidth} px`,
    ).toBe(true);
    boxes.push([name, box]);
  }
  const overlapping = boxes.flatMap(([name, box], i) =>
    boxes
      .slice(i + 1)
      .filter(([, other]) => overlap(box, other))
      .map(([otherName]) => `${name} overlaps ${otherName}`),
  );
  expect(overlapping, `${where}: elements drawn over one another`).toEqual([]);
}

/**
 * A public list page's parts that must each show, clear of one another: header, title, the first
 * two cards (articles) of the main content, footer.
 */
export const publicParts = (page: Page) => ({
  header: page.getByRole("banner"),
  heading: page.getByRole("heading", { level: 1 }),
  "first card": page.getByRole("main").getByRole("article").first(),
  "second card": page.getByRole("main").getByRole("article").nth(1),
  footer: page.getByRole("contentinfo"),
});

/** A staff list's parts: the top bar (phone) or sidebar (desktop), the title, and the first two of `items`. */
export const adminParts = (page: Page, items: Locator) => ({
  "top bar or sidebar": page.locator("header, aside").filter({ visible: true }).first(),
  heading: page.getByRole("heading", { level: 1 }),
  "first item": items.first(),
  "second item": items.nth(1),
});
