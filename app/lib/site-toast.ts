import type { Toast } from "react-hot-toast";
import type { SiteToastType } from "./site-toaster-root";

let toaster: Promise<typeof import("./site-toaster-root")> | undefined;

let lastId = 0;

function show(type: SiteToastType, message: string, options?: Pick<Toast, "id">): string {
  // The id is known at once, as react-hot-toast's own calls return it, so a later call can replace the toast.
  const id = options?.id ?? `site-toast-${++lastId}`;
  // The toaster and its library arrive with the first toast a visitor causes, never with the page.
  // Calls queue on one promise, so a "loading" toast is always shown before the answer that replaces it.
  toaster ??= import("./site-toaster-root");
  void toaster.then((module) => module.showToast(type, message, id));
  return id;
}

/**
 * The public pages' toasts (spec §8): react-hot-toast's calls, with its code and the toaster loaded on
 * first use. Every public page has a form, so importing the library directly put it (and its CSS-in-JS
 * runtime) into every page's start-up (decision 0542). The back office imports react-hot-toast itself.
 */
export const siteToast = {
  loading: (message: string) => show("loading", message),
  success: (message: string, options?: Pick<Toast, "id">) => show("success", message, options),
  error: (message: string, options?: Pick<Toast, "id">) => show("error", message, options),
};
