/** Storage keys are server-generated relative paths like `blog/<uuid>-640.webp`; nothing else is accepted. */
export const KEY_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*\/[a-zA-Z0-9-]+\.(?:avif|webp|jpg)$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/**
 * The image a file belongs to: `gallery/<uuid>-640.webp` → `gallery/<uuid>`. Owning by image rather
 * than by file keeps every width and format of an image a row refers to, even if its variants JSON
 * were damaged.
 */
export const imageOf = (key: string) => key.replace(/-\d+\.(?:avif|webp|jpg)$/, "");

export const EXTENSIONS = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;

/** The key of one variant of an image (see `imageOf`). */
export const variantKey = (image: string, format: keyof typeof EXTENSIONS, width: number) =>
  `${image}-${width}.${EXTENSIONS[format]}`;
