/** Texts public pages show; no zod here, so a page can import them without shipping a schema library. */
export const POST_NOT_FOUND_MESSAGE = "Post not found.";
