/**
 * Turns what a staff member pastes into a YouTube video id, or null. Only YouTube's own hosts are
 * accepted (exact match, so `youtube.com.evil.test` fails) and only the path shapes YouTube uses
 * for a single video; ids must be YouTube's 11 characters of [A-Za-z0-9_-].
 */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const EMBED_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const PATH_PREFIXES = ["shorts", "embed", "live", "v"];
const MAX_URL_LENGTH = 2048;

export const isYoutubeId = (value: string): boolean => VIDEO_ID.test(value);

function toUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || text.length > MAX_URL_LENGTH) return null;
  // People paste "youtube.com/watch?v=…" without a scheme; anything with another scheme is refused below.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

export function parseYoutubeId(input: string): string | null {
  const url = toUrl(input);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);

  let id: string | null | undefined;
  if (host === "youtu.be") {
    id = segments.length === 1 ? segments[0] : null;
  } else if (WATCH_HOSTS.has(host) || EMBED_HOSTS.has(host)) {
    const [first, second, ...rest] = segments;
    if (first === "watch" && segments.length === 1 && WATCH_HOSTS.has(host)) {
      const ids = url.searchParams.getAll("v");
      id = ids.length === 1 ? ids[0] : null;
    } else if (first && PATH_PREFIXES.includes(first) && rest.length === 0) {
      id = second;
    }
  }
  return id && isYoutubeId(id) ? id : null;
}

/** The canonical watch URL, for pre-filling the edit form. */
export const youtubeWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;
