import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { withItemIds } from "../../core/site-content/site-content.item-ids.ts";
import type { SiteTranslationEditorState } from "../../core/site-content/site-content.translations.ts";
import { migrations } from "../../db/migrations/index.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

// Amharic: "where does my gift go?", "every month", "children".
const AM = { where: "ስጦታዬ ወዴት ይሄዳል?", monthly: "በየወሩ", children: "ልጆች", member: "የቡድን አባል" };

type Json = Record<string, unknown>;
type Item = Json & { id: string };

/**
 * Site-content list items have stable ids and their Amharic is stored under them
 * (docs/decisions/0506): reordering or deleting English items keeps each translation with its item;
 * documents stored before ids are migrated (2026-11-25-200), their kept versions too.
 */
describe.each(DIALECTS)("site-content list items keep their Amharic on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };

  const english = async (section: string) =>
    (await t.app.inject({ url: `/api/site-content/${section}`, headers })).json<{ draft: Json; revision: number }>();
  const saveEnglish = async (section: string, content: Json, publish = true) => {
    const { revision } = await english(section);
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/site-content/${section}`,
      headers,
      payload: { revision, content },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    if (publish) {
      const published = await t.app.inject({
        method: "POST",
        url: `/api/site-content/${section}/publish`,
        headers,
        payload: { revision: saved.json().revision },
      });
      expect(published.statusCode, published.body).toBe(200);
    }
    return saved.json<{ draft: Json }>().draft;
  };
  const amharicEditor = async (section: string) =>
    (
      await t.app.inject({ url: `/api/site-content/${section}/translations/am`, headers })
    ).json<SiteTranslationEditorState>();
  const saveAmharic = async (section: string, fields: Record<string, string>) => {
    const { revision } = await amharicEditor(section);
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/site-content/${section}/translations/am`,
      headers,
      payload: { revision, fields },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({
      method: "POST",
      url: `/api/site-content/${section}/translations/am/publish`,
      headers,
      payload: { revision: saved.json().revision },
    });
    expect(published.statusCode, published.body).toBe(200);
  };
  const publicAmharic = () => t.services.siteContentTranslations.published("am");

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("gives every item of every list an id, and one to an item saved without it", async () => {
    const home = (await english("home")).draft;
    for (const list of ["heroSlides", "impactFigures", "donationNeeds", "faq", "missionCards"]) {
      for (const item of home[list] as Item[]) expect(item.id, list).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
    const about = (await english("about")).draft;
    for (const list of ["theoryOfChange", "coreValues", "team", "board"]) {
      for (const item of about[list] as Item[]) expect(item.id, list).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
    // An API client's new question without an id gets one; two the same get different ones.
    const faq = [...(home.faq as Item[]), { question: "Q?", answer: "A." }, { question: "Q?", answer: "A." }];
    const saved = (await saveEnglish("home", { ...home, faq }, false)).faq as Item[];
    const added = saved.slice(-2).map((item) => item.id);
    expect(added[0]).toMatch(/^question-[0-9a-f]{8}$/);
    expect(added[1]).toBe(`${added[0]}-2`);
    // Two items may not share an id.
    const twice = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/home",
      headers,
      payload: { revision: (await english("home")).revision, content: { ...home, faq: [home.faq, home.faq].flat() } },
    });
    expect(twice.statusCode).toBe(400);
  });

  it("keeps each Amharic text with its item when the English list is reordered or an item deleted", async () => {
    const home = (await english("home")).draft;
    const faq = home.faq as Item[];
    const [first, second, third] = faq as [Item, Item, Item];
    const figures = home.impactFigures as Item[];
    await saveEnglish("home", { ...home, faq: faq.slice(0, 5) });

    // The editor names each text by its position (labels, pages) and stores it under its item's id.
    const fields = (await amharicEditor("home")).fields;
    expect(fields.find((field) => field.path === "faq.1.question")).toMatchObject({
      key: `faq.${second.id}.question`,
      label: "Questions 2 · Question",
    });
    expect(fields.find((field) => field.path === "introHeading")?.key).toBe("introHeading");

    await saveAmharic("home", {
      [`faq.${first.id}.question`]: AM.where,
      [`faq.${second.id}.answer`]: AM.monthly,
      [`faq.${third.id}.question`]: "ይሰረዛል",
      [`impactFigures.${(figures[2] as Item).id}.label`]: AM.children,
    });
    let amharic = await publicAmharic();
    expect(
      amharic.home.faq.slice(0, 3).map((item) => [item.question === AM.where, item.answer === AM.monthly]),
    ).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);

    // Staff swap the first two questions, delete the third and move the last figure to the front.
    const reordered = [second, first, ...faq.slice(3, 5)];
    await saveEnglish("home", {
      ...home,
      faq: reordered,
      impactFigures: [figures[2], figures[0], figures[1]],
    });
    amharic = await publicAmharic();
    expect(amharic.home.faq.map((item) => item.id)).toEqual(reordered.map((item) => item.id));
    expect(amharic.home.faq[0]).toMatchObject({ id: second.id, question: second.question, answer: AM.monthly });
    expect(amharic.home.faq[1]).toMatchObject({ id: first.id, question: AM.where, answer: first.answer });
    expect(JSON.stringify(amharic.home)).not.toContain("ይሰረዛል");
    expect(amharic.home.impactFigures[0]).toMatchObject({ id: (figures[2] as Item).id, label: AM.children });
    // Pages mark by position: what is English now.
    expect(amharic.englishPaths.home).toEqual(
      expect.arrayContaining(["faq.0.question", "faq.1.answer", "faq.2.question", "impactFigures.1.label"]),
    );
    expect(amharic.englishPaths.home).not.toContain("faq.0.answer");
    expect(amharic.englishPaths.home).not.toContain("faq.1.question");
    expect(amharic.englishPaths.home).not.toContain("impactFigures.0.label");
    // The editor shows each Amharic text beside its own English.
    const editor = await amharicEditor("home");
    const beside = editor.fields.find((field) => field.path === "faq.1.question");
    expect(beside?.english).toBe(first.question);
    expect(editor.published[beside?.key as string]).toBe(AM.where);

    // The same on Who We Are: a team member's role follows them.
    const about = (await english("about")).draft;
    const team = about.team as Item[];
    await saveAmharic("about", { [`team.${(team[0] as Item).id}.role`]: AM.member });
    await saveEnglish("about", { ...about, team: [...team.slice(1), team[0]] });
    const aboutAm = (await publicAmharic()).about;
    expect(aboutAm.team.at(-1)).toMatchObject({ id: (team[0] as Item).id, role: AM.member });
    expect(aboutAm.team[0]?.role).toBe((team[1] as Item).role);
  });

  it("migrates documents stored before ids: English items get ids, Amharic keys follow their items", async () => {
    const { db } = t.database;
    const strip = (items: Item[]) => items.map(({ id: _id, ...rest }) => rest);
    const defaults = DEFAULT_SITE_CONTENT.home;
    // As stored before this change: no ids on questions, figures or cards; the draft has the first
    // two questions swapped; the Amharic (published and its version) by position of the published English.
    const published = {
      ...defaults,
      faq: strip(defaults.faq),
      impactFigures: strip(defaults.impactFigures),
      missionCards: strip(defaults.missionCards),
    };
    const draft = { ...published, faq: [published.faq[1], published.faq[0], ...published.faq.slice(2)] };
    const translation = {
      "faq.0.question": AM.where,
      "faq.1.answer": AM.monthly,
      "faq.9.question": "ከዝርዝሩ ውጭ",
      "heroSlides.1.title": AM.children,
      introHeading: AM.member,
    };
    const at = "2026-11-20T10:00:00.000Z";
    await db.deleteFrom("versioned_documents").where("kind", "in", ["site-content", "site-content:am"]).execute();
    await db.deleteFrom("document_versions").where("kind", "in", ["site-content", "site-content:am"]).execute();
    const document = (kind: string, key: string, draftValue: unknown, publishedValue: unknown) => ({
      kind,
      key,
      state: "published",
      draft: draftValue === null ? null : JSON.stringify(draftValue),
      revision: 2,
      draft_saved_at: at,
      draft_saved_by: "staff@hopebehindbars.test",
      published: JSON.stringify(publishedValue),
      published_at: at,
      published_by: "staff@hopebehindbars.test",
      last_version: 1,
      publish_at: null,
    });
    const version = (id: string, kind: string, snapshot: unknown) => ({
      id,
      kind,
      key: "home",
      number: 1,
      snapshot: JSON.stringify(snapshot),
      created_at: at,
      created_by_id: null,
      created_by_email: "staff@hopebehindbars.test",
    });
    await db
      .insertInto("versioned_documents")
      .values([
        document("site-content", "home", draft, published),
        document("site-content:am", "home", { "faq.1.question": AM.where }, translation),
        // Who We Are was never saved in English: its Amharic was written beside the defaults.
        document("site-content:am", "about", null, { "team.1.role": AM.member, vision: AM.monthly }),
      ])
      .execute();
    await db
      .insertInto("document_versions")
      .values([
        version("0b6f1c2e-1111-4222-8333-000000000001", "site-content", published),
        version("0b6f1c2e-1111-4222-8333-000000000002", "site-content:am", translation),
      ])
      .execute();

    // Read before migrating, items get the ids the migration will store.
    const readBefore = (await t.services.siteContent.published()).home;
    expect(readBefore.faq.map((item) => item.id)).toEqual(
      (withItemIds("home", published) as { faq: Item[] }).faq.map((item) => item.id),
    );

    await migrations["2026-11-25-200-site-content-item-ids"]?.up(db);

    const stored = async (kind: string) => {
      const row = await db
        .selectFrom("versioned_documents")
        .select(["draft", "published"])
        .where("kind", "=", kind)
        .where("key", "=", "home")
        .executeTakeFirstOrThrow();
      return { draft: JSON.parse(row.draft ?? "null"), published: JSON.parse(row.published ?? "null") };
    };
    const storedVersion = async (kind: string) =>
      JSON.parse(
        (await db.selectFrom("document_versions").select("snapshot").where("kind", "=", kind).executeTakeFirstOrThrow())
          .snapshot,
      );
    const en = await stored("site-content");
    const ids = (en.published.faq as Item[]).map((item) => item.id);
    expect(ids).toEqual(readBefore.faq.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    // The same question has the same id in the draft, the published content and the kept version.
    expect((en.draft.faq as Item[]).map((item) => item.id)).toEqual([ids[1], ids[0], ...ids.slice(2)]);
    expect(((await storedVersion("site-content")).faq as Item[]).map((item) => item.id)).toEqual(ids);
    expect((en.published.missionCards as Item[]).every((card) => /^card-[0-9a-f]{8}$/.test(card.id))).toBe(true);
    // Items that had ids keep them.
    expect((en.published.heroSlides as Item[]).map((slide) => slide.id)).toEqual(
      defaults.heroSlides.map((slide) => slide.id),
    );

    const am = await stored("site-content:am");
    const expected = {
      [`faq.${ids[0]}.question`]: AM.where,
      [`faq.${ids[1]}.answer`]: AM.monthly,
      [`heroSlides.${defaults.heroSlides[1]?.id}.title`]: AM.children,
      introHeading: AM.member,
    };
    expect(am.published).toEqual(expected);
    expect(await storedVersion("site-content:am")).toEqual(expected);
    // The draft was written beside the English draft, whose second question is the published first.
    expect(am.draft).toEqual({ [`faq.${ids[0]}.question`]: AM.where });

    const amharic = await publicAmharic();
    expect(amharic.home.faq[0]).toMatchObject({ id: ids[0], question: AM.where });
    expect(amharic.home.faq[1]).toMatchObject({ id: ids[1], answer: AM.monthly });
    expect(amharic.home.heroSlides[1]?.title).toBe(AM.children);

    const about = await db
      .selectFrom("versioned_documents")
      .select("published")
      .where("kind", "=", "site-content:am")
      .where("key", "=", "about")
      .executeTakeFirstOrThrow();
    const hana = DEFAULT_SITE_CONTENT.about.team[1];
    expect(JSON.parse(about.published ?? "null")).toEqual({ [`team.${hana?.id}.role`]: AM.member, vision: AM.monthly });
    expect((await publicAmharic()).about.team[1]).toMatchObject({ name: hana?.name, role: AM.member });

    // Down puts the Amharic back by position.
    await migrations["2026-11-25-200-site-content-item-ids"]?.down?.(db);
    const back = await stored("site-content:am");
    expect(back.published).toEqual({
      "faq.0.question": AM.where,
      "faq.1.answer": AM.monthly,
      "heroSlides.1.title": AM.children,
      introHeading: AM.member,
    });
    expect(back.draft).toEqual({ "faq.1.question": AM.where });
  });
});
