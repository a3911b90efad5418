import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app-context";
import type { BlogPost } from "../../../core/blogs/blogs.schema";
import type { Localised } from "../../../core/translations/translations.schema";
import { DIALECTS } from "../../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { PostArticle } from "../../components/blog/post-article";
import { PublicationCard } from "../../components/publications/publication-card";
import { i18nData } from "../../i18n/catalogue";
import { I18nProvider } from "../../i18n/i18n";
import * as blogPost from "./blog-post.tsx";
import * as publications from "./publications.tsx";

const POST = "00000000-0000-4000-8000-000000000001";
const PAPER = "00000000-0000-4000-8000-000000000002";
const NOW = "2026-01-01T12:00:00.000Z";

function loaderArgs(t: TestApp, url: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(appContext, { services: t.services, cspNonce: "", requestId: "test", islands: {} as never });
  return { request: new Request(`http://localhost${url}`), context, params } as never;
}

/** The first <img> as a page in `locale` draws `element`. */
function imgOf(element: React.ReactNode, locale: "en" | "am") {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider value={i18nData(locale)}>{element}</I18nProvider>
    </MemoryRouter>,
  );
  return html.match(/<img [^>]*>/)?.[0] ?? "";
}

/** `og:image:alt` as the post page's head has it. */
function sharedAlt(loaderData: unknown, locale: "en" | "am") {
  const matches = [{ id: "root", loaderData: { siteUrl: "https://hope.test", locale } }];
  const tags = (blogPost.meta as (args: never) => Array<Record<string, unknown>>)({ loaderData, matches } as never);
  return tags.find((tag) => tag.property === "og:image:alt")?.content;
}

/**
 * The Amharic description of a post's and a publication's picture is a field of its Amharic version
 * (docs/decisions/0883-amharic-picture-descriptions.md): the Amharic pages say it, the English pages
 * the English one, and an Amharic page says the English one, marked English, while it is empty.
 */
describe.each(DIALECTS)("Amharic picture descriptions of posts and publications on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await t.adminHeaders();
    const db = t.database.db;
    await db
      .insertInto("blog_posts")
      .values({
        id: POST,
        title: "Sewing cooperative",
        excerpt: "News.",
        author_name: "Staff",
        author_linkedin: null,
        content: "<p>The story.</p>",
        image_url: "/uploads/post.jpg",
        image_variants: null,
        image_alt: "A woman at a sewing machine",
        created_at: NOW,
        updated_at: NOW,
        status: "published",
        publish_at: null,
      })
      .execute();
    await db
      .insertInto("publications")
      .values({
        id: PAPER,
        title: "Annual report",
        description: "A report.",
        link: "https://example.org/report.pdf",
        publication_date: "2026-01-01",
        image_url: "/uploads/paper.jpg",
        image_variants: null,
        image_alt: "The report's cover",
        created_at: NOW,
        updated_at: NOW,
        status: "published",
        publish_at: null,
      })
      .execute();
  });
  afterAll(() => t.close());

  const translate = (kind: string, id: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/translations/${kind}/${id}/am`,
      headers: auth,
      payload: { fields },
    });

  it("a post: the Amharic page, its shared link and the English page", async () => {
    const saved = await translate("blog", POST, { title: "የልብስ ስፌት ማህበር", imageAlt: "የልብስ ስፌት ማሽን ላይ የምትሰራ ሴት" });
    expect(saved.statusCode, saved.body).toBe(200);

    const amharic = (await blogPost.loader(loaderArgs(t, `/am/blog/${POST}`, { id: POST }))) as {
      post: Localised<BlogPost>;
    };
    const amharicImg = imgOf(<PostArticle post={amharic.post} />, "am");
    expect(amharicImg).toContain('alt="የልብስ ስፌት ማሽን ላይ የምትሰራ ሴት"');
    expect(amharicImg).not.toContain('lang="en"');
    expect(sharedAlt(amharic, "am")).toBe("የልብስ ስፌት ማሽን ላይ የምትሰራ ሴት");

    const english = (await blogPost.loader(loaderArgs(t, `/blog/${POST}`, { id: POST }))) as {
      post: Localised<BlogPost>;
    };
    expect(imgOf(<PostArticle post={english.post} />, "en")).toContain('alt="A woman at a sewing machine"');
    expect(sharedAlt(english, "en")).toBe("A woman at a sewing machine");

    // Emptied: the Amharic page says the English one, marked English.
    await translate("blog", POST, { title: "የልብስ ስፌት ማህበር", imageAlt: "" });
    const fallback = (await blogPost.loader(loaderArgs(t, `/am/blog/${POST}`, { id: POST }))) as {
      post: Localised<BlogPost>;
    };
    const fallbackImg = imgOf(<PostArticle post={fallback.post} />, "am");
    expect(fallbackImg).toContain('alt="A woman at a sewing machine"');
    expect(fallbackImg).toContain('lang="en"');
    expect(sharedAlt(fallback, "am")).toBe("A woman at a sewing machine");
  });

  it("a publication: the Amharic list and the English list", async () => {
    type Shown = Parameters<typeof PublicationCard>[0]["publication"];
    const cardOf = async (url: string, locale: "en" | "am") => {
      const page = (await publications.loader(loaderArgs(t, url))) as { publications: Shown[] };
      const shown = page.publications.find((publication) => publication._id === PAPER) as Shown;
      return imgOf(<PublicationCard publication={shown} />, locale);
    };
    expect(await cardOf("/am/publications", "am")).toContain('alt="The report&#x27;s cover"');
    expect(await cardOf("/am/publications", "am")).toContain('lang="en"');

    await translate("publication", PAPER, { title: "ዓመታዊ ሪፖርት", imageAlt: "የሪፖርቱ ሽፋን" });
    const amharic = await cardOf("/am/publications", "am");
    expect(amharic).toContain('alt="የሪፖርቱ ሽፋን"');
    expect(amharic).not.toContain('lang="en"');
    expect(await cardOf("/publications", "en")).toContain('alt="The report&#x27;s cover"');
  });
});
