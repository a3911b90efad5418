import { describe, expect, it } from "vitest";
import type { StoredImage } from "./media.schema.ts";
import { createPublicUrls } from "./public-urls.ts";

const local: StoredImage = {
  url: "/uploads/blog/a-640.jpg",
  width: 640,
  height: 400,
  variants: [
    { format: "avif", width: 320, url: "/uploads/blog/a-320.avif" },
    { format: "jpeg", width: 640, url: "/uploads/blog/a-640.jpg" },
  ],
};

describe("public image URLs", () => {
  const urls = createPublicUrls("https://www.hopebehindbars.org");

  it("puts the public site in front of root-relative URLs (local uploads, the site's own images)", () => {
    expect(urls.url("/uploads/gallery/x-320.jpg")).toBe("https://www.hopebehindbars.org/uploads/gallery/x-320.jpg");
    expect(urls.url("/images/story-600.jpg")).toBe("https://www.hopebehindbars.org/images/story-600.jpg");
  });

  it("leaves absolute URLs (S3_PUBLIC_URL) and protocol-relative ones as they are", () => {
    expect(urls.url("https://cdn.example.org/gallery/x-320.jpg")).toBe("https://cdn.example.org/gallery/x-320.jpg");
    expect(urls.url("//cdn.example.org/x.jpg")).toBe("//cdn.example.org/x.jpg");
  });

  it("maps an image with every variant, and records with a cover or a list, without changing the input", () => {
    const before = structuredClone(local);
    expect(urls.image(local)).toEqual({
      url: "https://www.hopebehindbars.org/uploads/blog/a-640.jpg",
      width: 640,
      height: 400,
      variants: [
        { format: "avif", width: 320, url: "https://www.hopebehindbars.org/uploads/blog/a-320.avif" },
        { format: "jpeg", width: 640, url: "https://www.hopebehindbars.org/uploads/blog/a-640.jpg" },
      ],
    });
    expect(local).toEqual(before);

    const post = urls.withCover({ _id: "p", title: "T", imageUrl: local.url, image: local });
    expect(post).toMatchObject({
      _id: "p",
      title: "T",
      imageUrl: "https://www.hopebehindbars.org/uploads/blog/a-640.jpg",
    });
    expect(post.image.url).toBe(post.imageUrl);

    const item = urls.withImages({ _id: "g", imageUrls: [local.url], images: [local] });
    expect(item.imageUrls).toEqual(["https://www.hopebehindbars.org/uploads/blog/a-640.jpg"]);
    expect(item.images[0]?.variants[0]?.url).toBe("https://www.hopebehindbars.org/uploads/blog/a-320.avif");
  });
});
