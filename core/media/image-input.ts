import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

/**
 * An upload the request wrote to a file as it arrived (server/api/upload-spool.ts), so the server
 * never holds a photo in memory; `sha256` was taken on the way, for the prepared-images lookup.
 */
export interface SpooledFile {
  path: string;
  sha256: string;
}

/** An image to store: bytes the server made (a blurred copy, a demo picture) or an upload in its file. */
export type ImageInput = Uint8Array | SpooledFile;

export const contentKey = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The SHA-256 of the image's bytes (hex), the key of prepared-images.ts. */
export const contentKeyOf = (input: ImageInput): string =>
  input instanceof Uint8Array ? contentKey(input) : input.sha256;

/** The image's bytes; an upload's are read from its file (for work done where memory is not the server's). */
export const bytesOf = async (input: Uint8Array | Pick<SpooledFile, "path">): Promise<Uint8Array> =>
  input instanceof Uint8Array ? input : readFile(input.path);
