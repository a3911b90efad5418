import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { escapeXml, renderRssFeed } from "./xml";

describe("renderRssFeed", () => {
  const feed = renderRssFeed({
    title: "Hope — Blog",
    link: "https://example.org/blog",
    self: "https://example.org/blog/rss.xml",
    description: "Stories & news",
    items: [
      {
        title: 'Course <done> "today"',
        link: "https://example.org/blog/1?a=1&b=2",
        description: "Twelve & more",
        creator: "Tigist",
        published: "2026-11-20T10:00:00.000Z",
      },
      { title: "Second", link: "https://example.org/blog/2", description: "", published: "2026-11-21T10:00:00.000Z" },
    ],
  });

  it("escapes every text and keeps the link as the item's permanent guid", () => {
    expect(feed).toContain("<title>Course &lt;done&gt; &quot;today&quot;</title>");
    expect(feed).toContain('<guid isPermaLink="true">https://example.org/blog/1?a=1&amp;b=2</guid>');
    expect(feed).toContain("<description>Stories &amp; news</description>");
    expect(feed).toContain('<atom:link href="https://example.org/blog/rss.xml" rel="self"');
    expect(feed).toContain("<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>");
  });

  it("writes a creator only for items that have one", () => {
    expect(feed.match(/<dc:creator>/g)).toHaveLength(1);
    expect(feed).toContain("<dc:creator>Tigist</dc:creator>");
  });

  it("names its language: English unless told", () => {
    expect(feed).toContain("<language>en</language>");
    const amharic = renderRssFeed({ title: "ብሎግ", link: "", self: "", description: "", language: "am", items: [] });
    expect(amharic).toContain("<language>am</language>");
    expect(amharic).toContain("<title>ብሎግ</title>");
  });

  it("escapes the five XML characters", () => {
    expect(escapeXml(`<a href='x'>&"`)).toBe("&lt;a href=&apos;x&apos;&gt;&amp;&quot;");
  });
});

describe("renderRssFeed with characters XML cannot carry", () => {
  /** The feed read by a strict XML 1.0 parser: the text of each <title>, or the parser's error. */
  function titlesOf(xml: string): string[] {
    const parser = new SaxesParser();
    const titles: string[] = [];
    let inTitle = false;
    parser.on("error", (error) => {
      throw error;
    });
    parser.on("opentag", (tag) => {
      inTitle = tag.name === "title";
      if (inTitle) titles.push("");
    });
    parser.on("closetag", () => {
      inTitle = false;
    });
    parser.on("text", (text) => {
      if (inTitle) titles[titles.length - 1] += text;
    });
    parser.write(xml).close();
    return titles;
  }

  it("leaves them out, so the feed stays valid XML, and keeps tabs and line breaks", () => {
    const feed = renderRssFeed({
      title: "Blog\u0001",
      link: "https://example.org/blog",
      self: "https://example.org/blog/rss.xml",
      description: "News\u001f",
      items: [
        {
          title: "One\u0001 control\u0008 \ud800lone\ufffe\uffff",
          link: "https://example.org/blog/1",
          description: "Line one\nline two\ttabbed\u000b",
          creator: "Tigist\u0000",
          published: "2026-11-20T10:00:00.000Z",
        },
      ],
    });
    expect(titlesOf(feed)).toEqual(["Blog", "One control lone"]);
    expect(feed).toContain("<description>Line one\nline two\ttabbed</description>");
    expect(feed).toContain("<dc:creator>Tigist</dc:creator>");
  });
});
