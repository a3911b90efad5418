import { describe, expect, it } from "vitest";
import { HEIC_MESSAGE, pictureFileProblem } from "./picture-file";

describe("pictureFileProblem", () => {
  it("refuses an iPhone photo by its type or, when the browser gives none, by its name", () => {
    expect(pictureFileProblem({ name: "IMG_0042.HEIC", type: "" })).toBe(HEIC_MESSAGE);
    expect(pictureFileProblem({ name: "photo", type: "image/heic" })).toBe(HEIC_MESSAGE);
    expect(pictureFileProblem({ name: "burst.heif", type: "image/heif-sequence" })).toBe(HEIC_MESSAGE);
    expect(HEIC_MESSAGE).toContain("Save it as a JPEG first");
  });

  it("refuses another declared type with the upload's own message, and leaves an unknown one to the server", () => {
    expect(pictureFileProblem({ name: "funny.gif", type: "image/gif" })).toBe(
      "Please choose a JPEG, PNG, WebP or AVIF image.",
    );
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/avif", ""]) {
      expect(pictureFileProblem({ name: "picture", type }), type).toBe(undefined);
    }
  });
});
