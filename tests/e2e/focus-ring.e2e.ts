import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browserAvailable, newPage, openAdminPage, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

/** WCAG's relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}

const contrast = (a: number[], b: number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const distance = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - (b[i] ?? 0))));

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Stop {
  name: string;
  /** An inline link's first line box (its top side is measured there), else the element's box. */
  box: Box;
  /** An inline link's last line box: its bottom side is measured there. */
  lastBox: Box;
  /** Everything the ring surrounds, for the screenshot's clip. */
  bounds: Box;
  outline: number[];
  offset: number;
  width: number;
  /** A link inside running text: words sit right and left of it, and it may break across lines. */
  inline: boolean;
}

/** The focused element as the person sees it: its box in the viewport and the ring it draws. */
const focusedStop = (page: Page) =>
  page.evaluate((): Stop | null => {
    const element = document.activeElement as HTMLElement | null;
    // Tab into an embedded page (the map) focuses something in that page's own document, ringed by
    // its own styles; the frame element stands for it here and draws nothing.
    if (!element || element === document.body || element.tagName === "IFRAME") return null;
    // Colour transitions include the outline: read the ring as it ends, as the screenshot shows it.
    for (const animation of element.getAnimations()) animation.finish();
    const style = getComputedStyle(element);
    const inline = style.display === "inline";
    const bounds = element.getBoundingClientRect();
    // A link that breaks across lines rings each line box; between them the ring meets the link's
    // own words, so the top is measured on its first line and the bottom on its last.
    const lines = inline ? [...element.getClientRects()] : [];
    const rect = lines[0] ?? bounds;
    const last = lines.at(-1) ?? bounds;
    const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    const rgb =
      style.outlineColor
        .match(/\d+(\.\d+)?/g)
        ?.slice(0, 3)
        .map(Number) ?? [];
    const label =
      element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? element.tagName.toLowerCase();
    return {
      name: `${element.tagName.toLowerCase()} "${label}"`,
      box: box(rect),
      lastBox: box(last),
      bounds: box(bounds),
      outline: style.outlineStyle === "none" ? [] : rgb,
      offset: Number.parseFloat(style.outlineOffset) || 0,
      width: Number.parseFloat(style.outlineWidth) || 0,
      inline,
    };
  });

/**
 * Measures the ring on the screen: the pixels where the outline is drawn must be its colour (a ring
 * clipped by an ancestor or painted over is not a focus indicator), and the outline colour must stand
 * 3:1 against the pixels right outside it and in the gap inside it (WCAG 1.4.11 / 2.4.13).
 */
async function measureRing(page: Page, stop: Stop) {
  // Only the ring's surroundings, cut from the viewport (the box is in viewport coordinates): a
  // whole-viewport picture per stop cost most of this file's time.
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const margin = Math.ceil(stop.offset + stop.width) + 4;
  const { bounds } = stop;
  const clipLeft = Math.max(0, Math.floor(bounds.x) - margin);
  const clipTop = Math.max(0, Math.floor(bounds.y) - margin);
  const clip = {
    x: clipLeft,
    y: clipTop,
    width: Math.min(viewport.width, Math.ceil(bounds.x + bounds.width) + margin) - clipLeft,
    height: Math.min(viewport.height, Math.ceil(bounds.y + bounds.height) + margin) - clipTop,
  };
  const png = await page.screenshot({ animations: "disabled", caret: "hide", scale: "css", clip });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = ((Math.round(y) - clipTop) * info.width + (Math.round(x) - clipLeft)) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  // Points around the middle of each side, where a ring lies at the same distance from the border box
  // whatever the corners' radius (a round button's ring meets its box only there).
  const { x: left, y: top, width, height } = stop.box;
  const last = stop.lastBox;
  const along = (gap: number) => {
    const points: number[][] = [];
    for (const shift of [-2, 0, 2]) {
      const sides = [
        [left + width / 2 + shift, top - gap],
        [last.x + last.width / 2 + shift, last.y + last.height + gap - 1],
        ...(stop.inline
          ? []
          : [
              [left - gap, top + height / 2 + shift],
              [left + width + gap - 1, top + height / 2 + shift],
            ]),
      ];
      for (const [x = -1, y = -1] of sides) {
        if (x >= clipLeft && x < clipLeft + info.width && y >= clipTop && y < clipTop + info.height)
          points.push(pixel(x, y));
      }
    }
    return points;
  };
  const ring = along(stop.offset + stop.width / 2 + 0.5);
  const outside = along(stop.offset + stop.width + 1.5);
  const drawn = ring.filter((colour) => distance(colour, stop.outline) <= 40).length / Math.max(ring.length, 1);
  const neighbours = [...outside, ...(stop.offset >= 2 ? along(1) : [])].filter(
    (colour) => distance(colour, stop.outline) > 40,
  );
  const worst = neighbours.length === 0 ? 21 : Math.min(...neighbours.map((colour) => contrast(colour, stop.outline)));
  const weakest = neighbours.sort((a, b) => contrast(a, stop.outline) - contrast(b, stop.outline))[0] ?? [];
  return { drawn, worst, colours: weakest.join(",") };
}

/** Tabs through a page from its top; every stop's ring is measured. */
async function walkFocus(page: Page, maxStops: number) {
  const problems: string[] = [];
  let measured = 0;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    const stop = await focusedStop(page);
    if (!stop || stop.box.width === 0 || stop.box.height === 0) continue;
    if (stop.outline.length === 0) {
      problems.push(`${stop.name}: no outline`);
      continue;
    }
    const { drawn, worst, colours } = await measureRing(page, stop);
    measured++;
    if (drawn < 0.6) problems.push(`${stop.name}: the ring is hidden (${Math.round(drawn * 100)}% drawn)`);
    if (worst < 3)
      problems.push(`${stop.name}: ring contrast ${worst.toFixed(2)}:1 (${stop.outline} beside ${colours})`);
  }
  return { problems, measured };
}

describe.skipIf(!browserAvailable)("focus rings", () => {
  const site = journeySite();

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    for (const pathname of ["/", "/contact"]) {
      it(`rings every keyboard stop of ${pathname} at ${width} width in a colour that stands 3:1`, async () => {
        const { page } = await newPage(site.browser, site.server, { viewport, context: { reducedMotion: "reduce" } });
        await page.goto(pathname);
        await page.waitForLoadState("networkidle");
        const { problems, measured } = await walkFocus(page, 45);
        expect(measured).toBeGreaterThan(15);
        expect(problems).toEqual([]);
      });
    }
  }

  it("rings the staff screens' controls in a colour that stands 3:1", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/volunteers");
    await page.waitForLoadState("networkidle");
    const { problems, measured } = await walkFocus(page, 30);
    expect(measured).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
