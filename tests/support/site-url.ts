/**
 * The path of an image URL the API handed out: API answers give absolute URLs on PUBLIC_SITE_URL
 * (core/media/public-urls.ts). Throws for a URL on any other origin, so a test that reads a file
 * or fetches through inject() also checks where the URL points.
 */
export function sitePath(url: string, siteUrl: string): string {
  if (!url.startsWith(`${siteUrl}/`)) throw new Error(`${url} is not on ${siteUrl}`);
  return url.slice(siteUrl.length);
}
