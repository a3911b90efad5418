import toast from "react-hot-toast";

interface ConfirmOptions {
  message: string;
  /** A second line, e.g. the record the question is about. */
  detail?: string;
  confirmLabel: string;
  /** How long the question stays up before it counts as "Cancel". */
  duration?: number;
}

/** A confirmation asked in a toast (spec §2/§8); resolves true only when the confirm button is pressed. */
export function confirmInToast({ message, detail, confirmLabel, duration = 6000 }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    toast(
      (t) => (
        <div className="flex flex-col gap-3">
          <p className="font-medium text-ink">{message}</p>
          {detail && <p className="break-all text-sm text-muted">{detail}</p>}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className="rounded-full px-4 py-1.5 text-sm font-semibold text-ink ring-1 ring-black/15 hover:bg-sand"
              onClick={() => {
                toast.dismiss(t.id);
                resolve(false);
              }}
            >
              Cancel
            </button>
            <button
              type="button"
              className="rounded-full bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => {
                toast.dismiss(t.id);
                resolve(true);
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      ),
      { duration },
    );
    // An unanswered question must not leave a caller waiting forever.
    setTimeout(() => resolve(false), duration + 1000);
  });
}
