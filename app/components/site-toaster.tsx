import { Toaster } from "react-hot-toast";
import { island } from "../islands/island";
import { TOAST_OPTIONS } from "../lib/toast-options";

/** Where the spec's toasts appear (§9 constants). */
export function SiteToaster() {
  return <Toaster position="top-center" gutter={8} toastOptions={TOAST_OPTIONS} />;
}

export const SiteToasterIsland = island("site-toaster", SiteToaster);
