import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, imageOrigins } from "./security-headers.ts";

const imgSrc = (policy: string) => policy.split("; ").find((directive) => directive.startsWith("img-src "));

describe("content security policy", () => {
  it("lets pages show images from the public site URL (API answers are absolute there) and from S3", () => {
    const local = imageOrigins({ publicSiteUrl: "https://www.hopebehindbars.org", s3: undefined });
    expect(local).toEqual(["https://www.hopebehindbars.org"]);
    expect(imgSrc(contentSecurityPolicy("n", local))).toBe(
      "img-src 'self' data: blob: https://i.ytimg.com https://www.hopebehindbars.org",
    );
    const s3 = imageOrigins({
      publicSiteUrl: "https://www.hopebehindbars.org",
      s3: {
        bucket: "b",
        region: "r",
        endpoint: "https://s3.example",
        accessKeyId: "k",
        secretAccessKey: "s",
        publicUrl: "https://cdn.hopebehindbars.org/media",
      },
    });
    expect(s3).toEqual(["https://www.hopebehindbars.org", "https://cdn.hopebehindbars.org"]);
  });
});
