import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteTranslationEditorState } from "../../core/site-content/site-content.translations.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const HEADING = "ለእናቶችና ለልጆቻቸው ተስፋ";

describe.each(DIALECTS)("site content in Amharic on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const url = (section: string) => `/api/site-content/${section}/translations/am`;
  const editor = async (section: string) =>
    (await t.app.inject({ url: url(section), headers })).json<SiteTranslationEditorState>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("lists every text of a section to translate, never pictures, addresses of pages or e-mail", async () => {
    const state = await editor("home");
    const paths = state.fields.map((field) => field.path);
    expect(paths).toEqual(expect.arrayContaining(["introHeading", "introText", "heroSlides.0.title", "faq.0.answer"]));
    expect(paths.some((path) => path.includes("image.") || path.endsWith(".id") || path.endsWith("ctaColor"))).toBe(
      false,
    );
    expect(state.fields.find((field) => field.path === "introText")).toMatchObject({ rich: true });
    expect(state.fields.find((field) => field.path === "heroSlides.0.title")?.label).toBe("Hero slides 1 · Title");
    const contact = (await editor("contact")).fields.map((field) => field.path);
    expect(contact).toEqual(expect.arrayContaining(["addressLines.0", "officeHours", "footerTagline", "map.label"]));
    expect(contact).not.toContain("email");
  });

  it("drafts, publishes and shows the Amharic like the English: nothing public before publishing", async () => {
    const start = await editor("home");
    const saved = await t.app.inject({
      method: "PUT",
      url: url("home"),
      headers,
      payload: {
        revision: start.revision,
        fields: {
          introHeading: `  ${HEADING} `,
          introText: "<p>እኛ እናግዛለን።</p><script>alert(1)</script>",
          "not.a.field": "dropped",
          "faq.0.answer": "",
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json<SiteTranslationEditorState>();
    expect(draft.draft).toEqual({ introHeading: HEADING, introText: "<p>እኛ እናግዛለን።</p>" });
    expect(draft.hasUnpublishedChanges).toBe(true);

    // A draft is not public.
    expect((await t.services.siteContentTranslations.published("am")).home.introHeading).not.toBe(HEADING);

    // A second editor's save from the old revision is refused.
    const stale = await t.app.inject({
      method: "PUT",
      url: url("home"),
      headers,
      payload: { revision: start.revision, fields: { introHeading: "ሌላ" } },
    });
    expect(stale.statusCode).toBe(409);

    const before = t.services.cachePurge.generation;
    const published = await t.app.inject({
      method: "POST",
      url: `${url("home")}/publish`,
      headers,
      payload: { revision: draft.revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(t.services.cachePurge.generation).toBeGreaterThan(before);

    const amharic = await t.services.siteContentTranslations.published("am");
    expect(amharic.home.introHeading).toBe(HEADING);
    expect(amharic.home.introText).toBe("<p>እኛ እናግዛለን።</p>");
    expect(amharic.englishPaths.home).not.toContain("introHeading");
    expect(amharic.englishPaths.home).toContain("faq.0.answer");
    expect(amharic.home.faq[0]?.answer).toBe((await t.services.siteContent.published()).home.faq[0]?.answer);
    // English pages and the spec's API are unchanged.
    const english = await t.services.siteContentTranslations.published("en");
    expect(english.home.introHeading).not.toBe(HEADING);
    expect(english.englishPaths.home).toEqual([]);
    const api = await t.app.inject({ url: "/api/site-content" });
    expect(api.json().home.introHeading).not.toBe(HEADING);
    expect(Object.keys(api.json())).not.toContain("englishPaths");

    const entries = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("entity", "=", "site-content")
      .where("entity_id", "=", "home")
      .orderBy("at")
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(["update", "publish"]);
    expect(JSON.parse(entries[1]?.changes ?? "{}").values).toEqual({ locale: "am", version: 1 });
  });

  it("refuses an unknown section or language and strangers", async () => {
    expect((await t.app.inject({ url: "/api/site-content/nope/translations/am", headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/site-content/home/translations/fr", headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url("home") })).statusCode).toBe(401);
  });
});
