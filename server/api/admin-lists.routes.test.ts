import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertGalleryItem } from "../../core/gallery/gallery.repository.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const day = (n: number) => `2026-10-${String(n).padStart(2, "0")}T10:00:00.000Z`;

/** Each list's own query: filters, sorts and search, read through the API as the screens read them. */
describe.each(DIALECTS)("the back office's lists a page at a time on %s", (dialect) => {
  let t: TestApp;
  let inbox: { authorization: string };
  const list = async (path: string) => {
    const response = await t.app.inject({ url: `/api/admin/lists/${path}`, headers: inbox });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number }>();
  };
  const field = async (path: string, name: string) => (await list(path)).items.map((item) => item[name]);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    inbox = await t.staffHeaders("inbox");
    const db = t.database.db;
    await db
      .insertInto("contact_messages")
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          id: uuid(i + 1),
          name: i === 0 ? "Percent 100%" : i === 1 ? "Under_score" : `Sender ${i}`,
          email: `sender${i}@example.org`,
          message: i === 2 ? "Can I VISIT the centre?" : "Hello",
          is_read: i % 3 === 0 ? 1 : 0,
          created_at: day(i + 1),
        })),
      )
      .execute();
    await db
      .insertInto("volunteer_applications")
      .values(
        ["Chaltu Daba", "abeba Girma", "Bontu Lemma", "Dawit 50%"].map((full_name, i) => ({
          id: uuid(100 + i),
          full_name,
          email: `applicant${i}@example.org`,
          phone: "0911000000",
          age: 30,
          interest: i === 2 ? "Event Support" : "General Support",
          motivation: "To help.",
          availability: "Weekends",
          status: i === 0 ? "Accepted" : "Pending",
          created_at: day(i + 1),
        })),
      )
      .execute();
    await db
      .insertInto("subscribers")
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: uuid(200 + i),
          email: i === 59 ? "First_Reader@Example.org" : `reader${String(i).padStart(2, "0")}@example.org`,
          created_at: day((i % 28) + 1).replace("10:", `${String(i % 24).padStart(2, "0")}:`),
          status: i < 50 ? "confirmed" : i < 55 ? "pending" : "unsubscribed",
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it("pages messages newest first, filters read and unread, and searches name, address and text", async () => {
    const first = await list("messages?pageSize=10");
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 10 });
    expect(first.items[0]).toEqual({
      _id: uuid(27),
      name: "Sender 26",
      email: "sender26@example.org",
      message: "Hello",
      isRead: false,
      createdAt: day(27),
    });
    expect((await list("messages?pageSize=10&page=3")).items).toHaveLength(7);
    expect((await list("messages?pageSize=10&page=4")).items).toEqual([]);
    expect((await list("messages?read=unread")).total).toBe(18);
    expect((await list("messages?read=read")).total).toBe(9);
    expect(await field("messages?q=visit%20THE", "name")).toEqual(["Sender 2"]);
    expect(await field("messages?q=0%25", "name")).toEqual(["Percent 100%"]);
    expect(await field("messages?q=r_s", "name")).toEqual(["Under_score"]);
    expect(await field("messages?sort=oldest&pageSize=2", "name")).toEqual(["Percent 100%", "Under_score"]);
  });

  it("pages applications by status, sorts by name whatever the case, and searches the interest", async () => {
    expect(await field("volunteers", "fullName")).toEqual(["Dawit 50%", "Bontu Lemma", "abeba Girma", "Chaltu Daba"]);
    expect(await field("volunteers?sort=name", "fullName")).toEqual([
      "abeba Girma",
      "Bontu Lemma",
      "Chaltu Daba",
      "Dawit 50%",
    ]);
    expect(await field("volunteers?status=Accepted", "fullName")).toEqual(["Chaltu Daba"]);
    expect(await field("volunteers?q=event", "fullName")).toEqual(["Bontu Lemma"]);
    expect(await field("volunteers?q=%25", "fullName")).toEqual(["Dawit 50%"]);
    expect((await list("volunteers?q=ABEBA")).total).toBe(1);
  });

  it("pages subscribers by status and address, caps the page size, and searches literally", async () => {
    const all = await list("subscribers?pageSize=500");
    expect(all).toMatchObject({ total: 60, pageSize: 100 });
    expect(all.items).toHaveLength(60);
    expect((await list("subscribers?status=pending")).total).toBe(5);
    expect((await list("subscribers?status=unsubscribed")).total).toBe(5);
    const byEmail = await list("subscribers?sort=email&pageSize=25&page=3");
    // Whatever the case: "First_Reader" comes first, so page 3 starts at reader49.
    expect(byEmail.items.map((s) => s.email)).toEqual([
      "reader49@example.org",
      "reader50@example.org",
      "reader51@example.org",
      "reader52@example.org",
      "reader53@example.org",
      "reader54@example.org",
      "reader55@example.org",
      "reader56@example.org",
      "reader57@example.org",
      "reader58@example.org",
    ]);
    expect(await field("subscribers?q=first_reader%40example", "email")).toEqual(["First_Reader@Example.org"]);
    expect((await list("subscribers?q=t_r")).total).toBe(1);
    expect((await list("subscribers?q=reader0")).total).toBe(10);
  });

  it("pages gallery items newest event first, by state and Amharic version, counted in SQL, for Editors", async () => {
    const db = t.database.db;
    const items = ["Sewing class", "Bread 100% baked", "Literacy day", "Garden work", "Clinic visit"];
    for (const [i, title] of items.entries()) {
      await insertGalleryItem(
        db,
        uuid(300 + i),
        { title, description: "At the centre.", category: "Education", eventDate: `2026-09-0${i + 1}` },
        [],
        { status: i === 4 ? "draft" : "published", publishAt: null },
        day(i + 1),
      );
    }
    const translated = (id: string, field: string) => ({
      kind: "gallery-item",
      item_id: id,
      locale: "am",
      field,
      value: "ትርጉም",
      updated_at: day(9),
      updated_by: "editor@example.org",
    });
    await db
      .insertInto("content_translations")
      .values([translated(uuid(300), "title"), translated(uuid(300), "description"), translated(uuid(301), "title")])
      .execute();
    const editor = await t.staffHeaders("editor");
    const gallery = async (query: string) => {
      const response = await t.app.inject({ url: `/api/admin/lists/gallery?${query}`, headers: editor });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Array<{ title: string; status: string }>; total: number }>();
    };
    const titles = async (query: string) => (await gallery(query)).items.map((item) => item.title);

    expect(await titles("pageSize=2")).toEqual(["Clinic visit", "Garden work"]);
    expect(await gallery("pageSize=2&page=3")).toMatchObject({ total: 5, items: [{ title: "Sewing class" }] });
    expect(await titles("status=draft")).toEqual(["Clinic visit"]);
    expect((await gallery("status=published")).total).toBe(4);
    expect(await titles("amharic=complete")).toEqual(["Sewing class"]);
    expect(await titles("amharic=partial")).toEqual(["Bread 100% baked"]);
    expect(await titles("amharic=missing")).toEqual(["Clinic visit", "Garden work", "Literacy day"]);
    expect((await gallery("amharic=incomplete")).total).toBe(4);
    expect(await titles("amharic=missing&status=published")).toEqual(["Garden work", "Literacy day"]);
    expect(await titles("q=100%25")).toEqual(["Bread 100% baked"]);
    expect(await titles("q=literacy")).toEqual(["Literacy day"]);
    // Inbox staff do not open the gallery.
    const refused = await t.app.inject({ url: "/api/admin/lists/gallery", headers: inbox });
    expect(refused.statusCode).toBe(403);
  });

  it("pages blog posts, publications and videos newest first, by state and Amharic version, searched, for Editors", async () => {
    const db = t.database.db;
    const posts = ["Sewing together", "A 100% day", "Letters home", "Garden news", "Clinic opens"];
    await db
      .insertInto("blog_posts")
      .values(
        posts.map((title, i) => ({
          id: uuid(400 + i),
          title,
          excerpt: i === 2 ? "Mothers WRITE to their children." : "News from the centre.",
          author_name: i === 3 ? "Hana_Tesfaye" : "Staff",
          author_linkedin: null,
          content: "<p>The whole story, never in a list.</p>",
          image_url: "/uploads/post.jpg",
          image_variants: null,
          created_at: day(i + 1),
          updated_at: day(i + 1),
          status: i === 4 ? "draft" : "published",
          publish_at: null,
        })),
      )
      .execute();
    const papers = ["Annual report", "Research 50% brief", "Policy note"];
    await db
      .insertInto("publications")
      .values(
        papers.map((title, i) => ({
          id: uuid(500 + i),
          title,
          description: i === 2 ? "On CHILDREN in prison." : "A paper.",
          link: "https://example.org/paper.pdf",
          // The second and third share a date: the newer-added comes first.
          publication_date: i === 0 ? "2026-01-10" : "2026-05-01",
          image_url: "/uploads/paper.jpg",
          image_variants: null,
          created_at: day(i + 1),
          updated_at: day(i + 1),
          status: i === 0 ? "scheduled" : "published",
          publish_at: i === 0 ? "2027-01-01T00:00:00.000Z" : null,
        })),
      )
      .execute();
    const films = ["Graduation day", "Mothers reading", "Football 100%"];
    await db
      .insertInto("videos")
      .values(
        films.map((title, i) => ({
          id: uuid(600 + i),
          title,
          description: i === 1 ? "Letters READ aloud." : "From the centre.",
          youtube_id: `abcdefghij${i}`,
          category: "Testimonials",
          created_at: day(i + 1),
          updated_at: day(i + 1),
          status: i === 0 ? "draft" : "published",
          publish_at: null,
        })),
      )
      .execute();
    const translated = (kind: string, id: string, field: string) => ({
      kind,
      item_id: id,
      locale: "am",
      field,
      value: "ትርጉም",
      updated_at: day(9),
      updated_by: "editor@example.org",
    });
    await db
      .insertInto("content_translations")
      .values([
        ...["title", "excerpt", "content"].map((field) => translated("blog", uuid(400), field)),
        translated("blog", uuid(401), "title"),
        translated("publication", uuid(501), "title"),
        translated("publication", uuid(501), "description"),
        translated("video", uuid(601), "title"),
        translated("video", uuid(601), "description"),
        translated("video", uuid(602), "title"),
      ])
      .execute();
    const editor = await t.staffHeaders("editor");
    const read = async (path: string) => {
      const response = await t.app.inject({ url: `/api/admin/lists/${path}`, headers: editor });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number }>();
    };
    const titles = async (path: string) => (await read(path)).items.map((item) => item.title);

    expect(await titles("blogs?pageSize=2")).toEqual(["Clinic opens", "Garden news"]);
    expect(await read("blogs?pageSize=2&page=3")).toMatchObject({
      total: 5,
      page: 3,
      pageSize: 2,
      items: [{ title: "Sewing together", status: "published", authorName: "Staff" }],
    });
    // A list carries no post's content; its image is the API's address.
    const first = (await read("blogs?pageSize=1")).items[0] as Record<string, unknown>;
    expect(first.content).toBe(undefined);
    expect(first.imageUrl).toMatch(/\/uploads\/post\.jpg$/);
    expect(await titles("blogs?status=draft")).toEqual(["Clinic opens"]);
    expect((await read("blogs?status=published")).total).toBe(4);
    expect(await titles("blogs?amharic=complete")).toEqual(["Sewing together"]);
    expect(await titles("blogs?amharic=partial")).toEqual(["A 100% day"]);
    expect((await read("blogs?amharic=missing")).total).toBe(3);
    expect(await titles("blogs?q=100%25")).toEqual(["A 100% day"]);
    expect(await titles("blogs?q=write to")).toEqual(["Letters home"]);
    expect(await titles("blogs?q=a_t")).toEqual(["Garden news"]);
    expect(await titles("blogs?q=nobody")).toEqual([]);

    expect(await titles("publications")).toEqual(["Policy note", "Research 50% brief", "Annual report"]);
    expect(await titles("publications?status=scheduled")).toEqual(["Annual report"]);
    expect(await titles("publications?amharic=complete")).toEqual(["Research 50% brief"]);
    expect(await titles("publications?amharic=incomplete&status=published")).toEqual(["Policy note"]);
    expect(await titles("publications?q=children")).toEqual(["Policy note"]);
    expect(await titles("publications?q=50%25")).toEqual(["Research 50% brief"]);
    expect(await read("publications?pageSize=1&page=9")).toMatchObject({ total: 3, items: [] });
    expect(await titles("videos")).toEqual(["Football 100%", "Mothers reading", "Graduation day"]);
    expect(await titles("videos?status=draft")).toEqual(["Graduation day"]);
    expect(await titles("videos?amharic=complete")).toEqual(["Mothers reading"]);
    expect(await titles("videos?amharic=partial")).toEqual(["Football 100%"]);
    expect(await titles("videos?amharic=missing")).toEqual(["Graduation day"]);
    expect(await titles("videos?q=read aloud")).toEqual(["Mothers reading"]);
    expect(await titles("videos?q=100%25")).toEqual(["Football 100%"]);
    expect(await read("videos?pageSize=2&page=2")).toMatchObject({ total: 3, items: [{ youtubeId: "abcdefghij0" }] });
    const bad = await t.app.inject({ url: "/api/admin/lists/publications?status=lost", headers: editor });
    expect(bad.statusCode).toBe(400);
    // Inbox staff do not open the content lists.
    for (const path of ["blogs", "publications", "videos"]) {
      const refused = await t.app.inject({ url: `/api/admin/lists/${path}`, headers: inbox });
      expect(refused.statusCode).toBe(403);
    }
  });

  it("refuses a filter the list does not have with the API's 400", async () => {
    const response = await t.app.inject({ url: "/api/admin/lists/subscribers?status=lost", headers: inbox });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ status: "Choose one of: all, pending, confirmed, unsubscribed." });
  });
});
