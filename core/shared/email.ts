/** Spec §5: non-space text, an @, then non-space text. Zod-free: the footer on every page uses it. */
export const EMAIL_PATTERN = /^\S+@\S+$/;
export const EMAIL_MAX_LENGTH = 254;
