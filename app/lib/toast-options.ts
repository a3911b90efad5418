import type { DefaultToastOptions } from "react-hot-toast";

/** Spec §9: react-hot-toast's defaults, written down so a library upgrade cannot change them. */
export const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Number.POSITIVE_INFINITY },
  style: { maxWidth: 350 },
};
