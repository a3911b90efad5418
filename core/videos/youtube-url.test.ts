import { describe, expect, it } from "vitest";
import { parseYoutubeId } from "./youtube-url.ts";

const ID = "dQw4w9WgXcQ";

describe("parseYoutubeId", () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}`, ID],
    [`http://www.youtube.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`, ID],
    [`https://www.youtube.com/watch?list=PL123&index=2&v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}#t=10`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`https://music.youtube.com/watch?v=${ID}&si=abc`, ID],
    [`https://WWW.YouTube.com/watch?v=${ID}`, ID],
    [`www.youtube.com/watch?v=${ID}`, ID],
    [`  https://www.youtube.com/watch?v=${ID}  `, ID],
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=xyz&t=3`, ID],
    [`youtu.be/${ID}`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}?feature=share`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}?rel=0`, ID],
    [`https://www.youtube.com/live/${ID}?si=1`, ID],
    [`https://www.youtube.com/watch/?v=${ID}`, ID],
    ["https://youtu.be/a-b_C1d2E3f", "a-b_C1d2E3f"],
  ])("accepts %s", (url, expected) => {
    expect(parseYoutubeId(url)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "not a url",
    ID,
    `https://vimeo.com/${ID}`,
    `https://www.youtube.com.evil.test/watch?v=${ID}`,
    `https://evil.test/www.youtube.com/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtu.be.evil.test/${ID}`,
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQx",
    "https://www.youtube.com/watch?v=dQw4w9WgXc!",
    "https://www.youtube.com/watch?v=dQw4w9Wg%20cQ",
    `https://www.youtube.com/watch?v=${ID}&v=aaaaaaaaaaa`,
    "https://www.youtube.com/watch",
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/playlist?list=${ID}`,
    `https://www.youtube.com/shorts/${ID}/extra`,
    `https://youtu.be/${ID}/more`,
    "https://youtu.be/",
    `https://youtube-nocookie.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}${"x".repeat(3000)}`,
  ])("rejects %j", (url) => {
    expect(parseYoutubeId(url)).toBeNull();
  });
});
