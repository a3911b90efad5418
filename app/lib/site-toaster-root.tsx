import { createRoot } from "react-dom/client";
import toast from "react-hot-toast";
import { SiteToaster } from "../components/site-toaster";

/** The kinds of toast the public pages show (spec §8). */
export type SiteToastType = "loading" | "success" | "error";

let mounted = false;

/**
 * Shows a toast, mounting the public pages' toaster (its own root at the end of the page) the first
 * time. The toast is in react-hot-toast's store before the toaster's first render reads it, so the
 * first toast appears without waiting for the toaster's effects to subscribe.
 */
export function showToast(type: SiteToastType, message: string, id: string) {
  toast[type](message, { id });
  if (mounted) return;
  mounted = true;
  const element = document.createElement("div");
  document.body.append(element);
  createRoot(element).render(<SiteToaster />);
}
