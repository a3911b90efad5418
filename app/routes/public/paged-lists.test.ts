import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appContext } from "#app-context";
import { pageCacheKey } from "../../../server/plugins/page-cache.ts";
import { DIALECTS } from "../../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import * as blog from "./blog.tsx";
import * as blogPost from "./blog-post.tsx";
import * as publications from "./publications.tsx";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** Post n (1…30) was written on day n: post 30 is the newest. */
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();

/** What the server hands a loader: the real services (app/app-context.ts). */
function loaderArgs(t: TestApp, url: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, cspNonce: "", requestId: "test", islands: {} as never });
  return { request: new Request(`http://localhost${url}`), context, params } as never;
}

/** The loader's answer, or the status it throws (a page that does not exist is a 404). */
async function load(loader: (args: never) => Promise<unknown>, t: TestApp, url: string) {
  try {
    return await loader(loaderArgs(t, url));
  } catch (thrown) {
    return { thrown: (thrown as { init?: { status?: number } }).init?.status };
  }
}

/** The head's prev/next links as meta renders them for that loader answer. */
function pageLinks(meta: (args: never) => Array<Record<string, unknown>>, loaderData: unknown) {
  const matches = [{ id: "root", loaderData: { siteUrl: "https://hope.test", locale: "am" } }];
  return meta({ loaderData, matches } as never)
    .filter((tag) => tag.rel === "prev" || tag.rel === "next" || tag.rel === "canonical")
    .map((tag) => `${tag.rel} ${tag.href}`);
}

describe.each(DIALECTS)("public lists a page at a time on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db;
    await db
      .insertInto("blog_posts")
      .values(
        Array.from({ length: 31 }, (_, i) => ({
          id: uuid(i + 1),
          title: `Post ${i + 1}`,
          excerpt: "News from the centre.",
          author_name: "Staff",
          author_linkedin: null,
          content: "<p>The whole story, never in a list.</p>",
          image_url: "/uploads/post.jpg",
          image_variants: null,
          // The 31st is a draft, newest of all: no page shows it or counts it.
          created_at: day(i + 1),
          updated_at: day(i + 1),
          status: i === 30 ? "draft" : "published",
          publish_at: null,
        })),
      )
      .execute();
    await db
      .insertInto("publications")
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: uuid(100 + i + 1),
          title: `Paper ${i + 1}`,
          description: "A paper.",
          link: "https://example.org/paper.pdf",
          publication_date: day(i + 1).slice(0, 10),
          image_url: "/uploads/paper.jpg",
          image_variants: null,
          created_at: day(i + 1),
          updated_at: day(i + 1),
          status: "published",
          publish_at: null,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it("shows the blog's 12 newest posts on page 1, the 6 oldest on page 3, with links between them", async () => {
    // Never the whole list: only the page's rows and a count.
    const whole = vi.spyOn(t.services.blogs, "list");
    const first = (await load(blog.loader, t, "/blog")) as { posts: Array<{ title: string }> };
    expect(first).toMatchObject({ page: 1, pageCount: 3 });
    expect(first.posts.map((post) => post.title)).toEqual([
      "Post 30",
      "Post 29",
      "Post 28",
      "Post 27",
      "Post 26",
      "Post 25",
      "Post 24",
      "Post 23",
      "Post 22",
      "Post 21",
      "Post 20",
      "Post 19",
    ]);
    const third = (await load(blog.loader, t, "/am/blog?page=3")) as { posts: Array<{ title: string }> };
    expect(third).toMatchObject({ page: 3, pageCount: 3 });
    expect(third.posts.map((post) => post.title)).toEqual(["Post 6", "Post 5", "Post 4", "Post 3", "Post 2", "Post 1"]);
    expect(whole).not.toHaveBeenCalled();

    expect(pageLinks(blog.meta as never, first)).toEqual([
      "canonical https://hope.test/am/blog",
      "next https://hope.test/am/blog?page=2",
    ]);
    expect(pageLinks(blog.meta as never, await load(blog.loader, t, "/am/blog?page=2"))).toEqual([
      "canonical https://hope.test/am/blog?page=2",
      "prev https://hope.test/am/blog",
      "next https://hope.test/am/blog?page=3",
    ]);
    expect(pageLinks(blog.meta as never, third)).toEqual([
      "canonical https://hope.test/am/blog?page=3",
      "prev https://hope.test/am/blog?page=2",
    ]);
  });

  it("links a post to its neighbours, the feed to the newest posts and the sitemap to every one, reading no whole list", async () => {
    const whole = vi.spyOn(t.services.blogs, "list");
    const neighbours = async (n: number) => {
      const answer = (await blogPost.loader(loaderArgs(t, `/blog/${uuid(n)}`, { id: uuid(n) }))) as {
        older: { title: string } | null;
        newer: { title: string } | null;
      };
      return [answer.older?.title ?? null, answer.newer?.title ?? null];
    };
    expect(await neighbours(15)).toEqual(["Post 14", "Post 16"]);
    // The newest published post has no newer one: the draft written after it is no neighbour.
    expect(await neighbours(30)).toEqual(["Post 29", null]);
    expect(await neighbours(1)).toEqual([null, "Post 2"]);
    expect((await t.services.blogs.latest(2)).map((post) => post.title)).toEqual(["Post 30", "Post 29"]);
    const sitemap = await t.services.blogs.sitemapEntries();
    expect(sitemap).toHaveLength(30);
    expect(sitemap[0]).toEqual({ id: uuid(30), updatedAt: day(30) });
    expect(whole).not.toHaveBeenCalled();
    whole.mockRestore();
  });

  it("answers 404 for a page past the last and for a page number that is not one", async () => {
    for (const url of ["/blog?page=4", "/blog?page=0", "/blog?page=two", "/blog?page=02", "/blog?page=-1"]) {
      expect(await load(blog.loader, t, url), url).toEqual({ thrown: 404 });
    }
    expect(await load(publications.loader, t, "/publications?page=4")).toEqual({ thrown: 404 });
  });

  it("pages publications the same way, newest publication date first", async () => {
    const first = (await load(publications.loader, t, "/publications")) as {
      publications: Array<{ title: string }>;
    };
    expect(first).toMatchObject({ page: 1, pageCount: 3 });
    expect(first.publications).toHaveLength(12);
    expect(first.publications[0]?.title).toBe("Paper 30");
    expect(first.publications[11]?.title).toBe("Paper 19");
    const third = (await load(publications.loader, t, "/publications?page=3")) as {
      publications: Array<{ title: string }>;
    };
    expect(third.publications.map((publication) => publication.title)).toEqual([
      "Paper 6",
      "Paper 5",
      "Paper 4",
      "Paper 3",
      "Paper 2",
      "Paper 1",
    ]);
    expect(pageLinks(publications.meta as never, third)).toEqual([
      "canonical https://hope.test/am/publications?page=3",
      "prev https://hope.test/am/publications?page=2",
    ]);
  });

  it("keeps GET /api/blogs and GET /api/publications answering with every published item", async () => {
    const posts = await t.app.inject({ url: "/api/blogs" });
    expect(posts.statusCode).toBe(200);
    const postList = posts.json<Array<{ title: string; content: string }>>();
    expect(postList).toHaveLength(30);
    expect(postList[0]).toMatchObject({ title: "Post 30", content: "<p>The whole story, never in a list.</p>" });
    const papers = await t.app.inject({ url: "/api/publications" });
    expect(papers.statusCode).toBe(200);
    expect(papers.json()).toHaveLength(30);
  });

  it("keeps each page its own copy in the page cache", () => {
    const key = (url: string) => pageCacheKey({ url, headers: {} });
    expect(new Set([key("/blog"), key("/blog?page=2"), key("/am/blog?page=2")]).size).toBe(3);
  });
});
