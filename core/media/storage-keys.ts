/** Storage keys are server-generated relative paths like `blog/<uuid>-640.webp`; nothing else is accepted. */
export const KEY_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*\/[a-zA-Z0-9-]+\.(?:avif|webp|jpg)$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}
