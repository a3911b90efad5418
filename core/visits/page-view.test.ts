import { describe, expect, it } from "vitest";
import { deviceToCount, pageViewFrom, requestSeen, userAgentOf } from "./page-view.ts";

type Headers = Record<string, string>;

/** The page view a request records, or null when it is not counted: what the counter sees and then writes. */
function pageViewOf(url: string, headers: Headers, countryHeader?: string) {
  const device = deviceToCount(headers);
  return device ? pageViewFrom(requestSeen(url, headers, device, countryHeader)) : null;
}

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1";

describe("what a page view records", () => {
  it("records path, language, the linking site, UTM tags, device and a trusted country", () => {
    expect(
      pageViewOf(
        "/am/blog/a-school-term?utm_source=Newsletter&utm_medium=email&utm_campaign=year-end&utm_content=button",
        {
          "user-agent": PHONE,
          host: "hopebehindbars.org",
          referer: "https://www.facebook.com/some/post",
          "cf-ipcountry": "et",
        },
        "cf-ipcountry",
      ),
    ).toEqual({
      path: "/am/blog/a-school-term",
      language: "am",
      referrerHost: "facebook.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "year-end",
      utmContent: "button",
      device: "mobile",
      country: "ET",
    });
  });

  it("leaves out our own pages as referrers, and the country header unless the caller trusts it", () => {
    const view = pageViewOf("/about", {
      "user-agent": DESKTOP,
      host: "hopebehindbars.org",
      referer: "https://hopebehindbars.org/",
      "cf-ipcountry": "ET",
    });
    expect(view).toMatchObject({ path: "/about", language: "en", referrerHost: "", device: "desktop", country: "" });
    expect(pageViewOf("/", { "user-agent": IPAD })?.device).toBe("tablet");
  });

  it.each([
    ["Do Not Track", { dnt: "1" }],
    ["Global Privacy Control", { "sec-gpc": "1" }],
    ["a prefetch (Sec-Purpose)", { "sec-purpose": "prefetch" }],
    ["a prerender (Sec-Purpose)", { "sec-purpose": "prefetch;prerender" }],
    ["a prefetch (Purpose)", { purpose: "prefetch" }],
    ["a signed-in staff member's browser", { cookie: "lang=am; hbb_staff=1" }],
    ["a staff browser whose staff cookie comes first", { cookie: "hbb_staff=1; lang=am" }],
    ["a staff browser whose cookies have no spaces", { cookie: "not_hbb_staff=1;hbb_staff=1" }],
    ["no user agent", { "user-agent": "" }],
    ["Googlebot", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["Bingbot", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }],
    ["a headless browser", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36" }],
    ["curl", { "user-agent": "curl/8.5.0" }],
    ["a link preview", { "user-agent": "WhatsApp/2.23.20.0" }],
    ["the page cache's own render", { "user-agent": "lightMyRequest" }],
  ])("does not count %s", (_label, headers) => {
    expect(pageViewOf("/about", { "user-agent": DESKTOP, ...headers })).toBeNull();
  });

  it("counts DNT: 0 and a cookie that is not the staff one", () => {
    expect(pageViewOf("/about", { "user-agent": DESKTOP, dnt: "0", cookie: "lang=en" })).not.toBeNull();
    // A cookie whose name only ends like the staff one, or a value that mentions it.
    for (const cookie of ["not_hbb_staff=1", "lang=hbb_staff=1", "note=x hbb_staff=1"])
      expect(pageViewOf("/about", { "user-agent": DESKTOP, cookie }), cookie).not.toBeNull();
  });

  it("keeps no more of a long request than a view records, until the buffer is written", () => {
    const url = `/about?utm_source=radio&junk=${"x".repeat(20_000)}`;
    const headers = {
      "user-agent": PHONE,
      host: "hopebehindbars.org",
      referer: `https://t.co/${"y".repeat(10_000)}`,
      "cf-ipcountry": "ETX",
    };
    const seen = requestSeen(url, headers, "mobile", "cf-ipcountry");
    expect(seen.url.length).toBe(1_000);
    expect(seen.referer.length).toBe(300);
    expect(pageViewFrom(seen)).toMatchObject({ path: "/about", utmSource: "radio", referrerHost: "t.co", country: "" });
  });

  it("keeps the start of a long user agent, still telling the device by it", () => {
    const headers = { "user-agent": `${PHONE} ${"z".repeat(16_000)}` };
    expect(userAgentOf(headers)).toBe(headers["user-agent"].slice(0, 500));
    expect(userAgentOf({ "user-agent": PHONE })).toBe(PHONE);
    expect(deviceToCount(headers)).toBe("mobile");
    // The price of the bound: a bot that names itself only past the kept start is taken for a browser.
    expect(deviceToCount({ "user-agent": `${"Mozilla/5.0 ".repeat(100)}Googlebot/2.1` })).toBe("desktop");
  });
});
