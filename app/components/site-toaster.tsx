import { Toaster } from "react-hot-toast";
import { TOAST_OPTIONS } from "../lib/toast-options";

/** Where the spec's toasts appear (§9 constants): the back office's root, and public pages once a toast is asked for. */
export function SiteToaster() {
  return <Toaster position="top-center" gutter={8} toastOptions={TOAST_OPTIONS} />;
}
