import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const valid = {
  title: "Amina's story",
  description: "A mother on learning to sew in prison.",
  youtubeUrl: "https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
  category: "Testimonials",
};

describe.each(DIALECTS)("videos API on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let now = new Date("2026-01-01T09:00:00Z");
  const tick = () => {
    now = new Date(now.getTime() + 60_000);
  };
  const create = async (overrides: Record<string, unknown> = {}) => {
    tick();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers,
      payload: { ...valid, ...overrides },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    headers = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("creates a video from a full URL, derives the id and returns the watch URL for the edit form", async () => {
    const video = await create();
    expect(video).toMatchObject({
      title: valid.title,
      description: valid.description,
      category: "Testimonials",
      youtubeId: "dQw4w9WgXcQ",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(video._id).toEqual(expect.any(String));
    expect(new Date(video.createdAt).toISOString()).toBe(video.createdAt);
    const fetched = await t.app.inject({ url: `/api/videos/${video._id}` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(video);
  });

  it.each([
    ["title", "Title is required"],
    ["description", "Description is required"],
    ["youtubeUrl", "YouTube URL is required"],
    ["category", "Category is required"],
  ])("rejects a missing or blank %s with the spec's message", async (field, message) => {
    for (const value of [undefined, "", "   "]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/videos",
        headers,
        payload: { ...valid, [field]: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
  });

  it("rejects URLs that are not a YouTube video, and unknown categories", async () => {
    for (const youtubeUrl of ["https://vimeo.com/123", "https://www.youtube.com/watch?v=tooshort"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/videos",
        headers,
        payload: { ...valid, youtubeUrl },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "Please enter a valid YouTube video URL.",
        fields: { youtubeUrl: "Please enter a valid YouTube video URL." },
      });
    }
    const response = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers,
      payload: { ...valid, category: "Cats" },
    });
    expect(response.json().fields.category).toBe("Please choose one of the video categories.");
  });

  it("drops fields a client may not set", async () => {
    const video = await create({ _id: "mine", youtubeId: "aaaaaaaaaaa", createdAt: "1999-01-01T00:00:00.000Z" });
    expect(video._id).not.toBe("mine");
    expect(video.youtubeId).toBe("dQw4w9WgXcQ");
    expect(video.createdAt).not.toBe("1999-01-01T00:00:00.000Z");
  });

  it("lists newest first, filters by category (empty and 'All' mean all) and honours limit", async () => {
    const highlight = await create({ title: "Highlight", category: "Program Highlights" });
    const story = await create({
      title: "Story",
      category: "Community Stories",
      youtubeUrl: "https://youtu.be/a-b_C1d2E3f",
    });
    const all = (await t.app.inject({ url: "/api/videos" })).json().videos;
    expect(all[0]._id).toBe(story._id);
    expect(all[1]._id).toBe(highlight._id);
    for (const category of ["", "All"]) {
      const response = await t.app.inject({ url: "/api/videos", query: { category } });
      expect(response.json().videos).toHaveLength(all.length);
    }
    const filtered = (await t.app.inject({ url: "/api/videos?category=Program%20Highlights" })).json().videos;
    expect(filtered.map((v: { _id: string }) => v._id)).toEqual([highlight._id]);
    const latest = (await t.app.inject({ url: "/api/videos?limit=1" })).json().videos;
    expect(latest.map((v: { _id: string }) => v._id)).toEqual([story._id]);
    expect((await t.app.inject({ url: "/api/videos?category=Cats" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/videos?limit=abc" })).statusCode).toBe(400);
  });

  it("updates from a new URL and deletes; unknown ids answer 404", async () => {
    const video = await create();
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/videos/${video._id}`,
      headers,
      payload: {
        ...valid,
        title: "Renamed",
        youtubeUrl: "https://youtube.com/shorts/a-b_C1d2E3f",
        category: "Community Stories",
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      _id: video._id,
      title: "Renamed",
      youtubeId: "a-b_C1d2E3f",
      category: "Community Stories",
      createdAt: video.createdAt,
    });
    const invalid = await t.app.inject({
      method: "PUT",
      url: `/api/videos/${video._id}`,
      headers,
      payload: { ...valid, title: "" },
    });
    expect(invalid.json().fields.title).toBe("Title is required");

    expect((await t.app.inject({ method: "DELETE", url: `/api/videos/${video._id}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/videos/${video._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/videos/${video._id}`, headers })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: "PUT", url: "/api/videos/nope", headers, payload: valid });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Video not found." });
  });

  it("requires a token to change videos", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/videos", payload: valid })).statusCode).toBe(401);
  });
});
