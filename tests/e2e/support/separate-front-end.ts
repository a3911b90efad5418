import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A front end built and hosted apart from the API, as spec §7 describes its client: every call
 * goes to a base URL on another origin with a JSON content type (so even a GET is preflighted), the
 * Bearer token once logged in, and no content type on multipart bodies so the browser sets the
 * boundary. Its forms are filled from what the API answered and submitted as they are.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Separate front end</title></head>
<body>
<main>
  <h1>Gallery</h1>
  <ul id="gallery"></ul>
  <button type="button" id="more" hidden>Load More</button>
  <h1>Videos</h1>
  <ul id="videos"></ul>
  <h1>Blog post</h1>
  <img id="post-image" alt="Feature image" hidden>
  <form id="post">
    <label>Title <input name="title"></label>
    <label>Excerpt <input name="excerpt"></label>
    <label>Author name <input name="authorName"></label>
    <label>LinkedIn <input name="authorLinkedin"></label>
    <label>Content <textarea name="content"></textarea></label>
    <button>Save</button>
  </form>
  <p id="status" role="status"></p>
</main>
<script type="module">
const base = new URLSearchParams(location.search).get("api");
let token = null;

async function call(path, { method = "GET", json, form } = {}) {
  const headers = {};
  if (!form) headers["content-type"] = "application/json";
  if (token) headers.authorization = "Bearer " + token;
  const response = await fetch(base + path, {
    method,
    headers,
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(method + " " + path + ": " + response.status + " " + text);
  return text ? JSON.parse(text) : null;
}

const status = (text) => (document.getElementById("status").textContent = text);
const image = (url, alt) => Object.assign(document.createElement("img"), { src: url, alt, width: 160 });

let galleryPage = 0;
async function loadGallery() {
  const next = galleryPage + 1;
  const { images, hasMore } = await call("/api/gallery?page=" + next + "&limit=9&category=&search=");
  galleryPage = next;
  for (const item of images) {
    const li = document.createElement("li");
    li.append(Object.assign(document.createElement("h2"), { textContent: item.title }), image(item.imageUrls[0], item.title));
    document.getElementById("gallery").append(li);
  }
  document.getElementById("more").hidden = !hasMore;
}
document.getElementById("more").addEventListener("click", () => loadGallery().catch((e) => status(e.message)));

window.frontEnd = {
  /** The gallery's first page, fetched twice the way a double-mounted component does. */
  async openGallery() {
    await call("/api/gallery?page=1&limit=9&category=&search=");
    await loadGallery();
  },
  async openVideos() {
    for (let i = 0; i < 2; i++) {
      const { videos } = await call("/api/videos?category=");
      document.getElementById("videos").replaceChildren(
        ...videos.map((v) => Object.assign(document.createElement("li"), { textContent: v.title })),
      );
    }
  },
  async logIn(email, password) {
    token = (await call("/api/admin/login", { method: "POST", json: { email, password } })).token;
  },
  async editPost(id) {
    const post = await call("/api/blogs/" + id);
    const form = document.getElementById("post");
    for (const name of ["title", "excerpt", "authorName", "authorLinkedin", "content"]) form.elements[name].value = post[name];
    form.dataset.id = id;
    Object.assign(document.getElementById("post-image"), { src: post.imageUrl, hidden: false });
  },
  async editVideo(id) {
    const video = await call("/api/videos/" + id);
    const youtubeUrl = "https://www.youtube.com/watch?v=" + video.youtubeId;
    const { description, category } = video;
    await call("/api/videos/" + id, { method: "PUT", json: { title: video.title + " (edited)", description, youtubeUrl, category } });
  },
  deleteVideo: (id) => call("/api/videos/" + id, { method: "DELETE" }),
};

document.getElementById("post").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  try {
    await call("/api/blogs/" + form.dataset.id, { method: "PUT", form: new FormData(form) });
    status("Saved");
  } catch (error) {
    status(error.message);
  }
});
</script>
</body>
</html>
`;

export interface SeparateFrontEnd {
  /** e.g. http://127.0.0.1:41234, for CORS_ORIGIN. */
  origin: string;
  /** The page, calling the API at `apiBase`. */
  url(apiBase: string): string;
  stop(): Promise<void>;
}

/** Serves the front end from its own loopback port: another origin than the API's. */
export async function startSeparateFrontEnd(): Promise<SeparateFrontEnd> {
  const server = createServer((request, response) => {
    if (request.method === "GET" && new URL(request.url ?? "/", "http://x").pathname === "/") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (apiBase) => `${origin}/?api=${encodeURIComponent(apiBase)}`,
    stop: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
