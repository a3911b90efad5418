import type { Page } from "playwright-core";
import sharp from "sharp";

/** Served in place of YouTube's thumbnails (the test machine has no internet). */
const THUMBNAIL = sharp({ create: { width: 320, height: 180, channels: 3, background: "#0b5563" } })
  .jpeg()
  .toBuffer();

/**
 * Stubs YouTube's hosts for every page of the page's context (a second tab a journey opens shows
 * the same thumbnails) and records every request made to them.
 */
export async function stubYoutube(page: Page): Promise<string[]> {
  const requests: string[] = [];
  const thumbnail = await THUMBNAIL;
  await page.context().route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//, (route) => {
    requests.push(route.request().url());
    const isPlayer = route.request().url().includes("youtube-nocookie.com");
    return route.fulfill(
      isPlayer
        ? { contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" }
        : { contentType: "image/jpeg", body: thumbnail },
    );
  });
  return requests;
}
