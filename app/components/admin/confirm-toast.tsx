import { useEffect, useId, useRef } from "react";
import toast from "react-hot-toast";
import { useDialog } from "./use-dialog";

interface ConfirmOptions {
  message: string;
  /** A second line, e.g. the record the question is about. */
  detail?: string;
  confirmLabel: string;
  /** How long the question stays up, unattended, before it counts as "Cancel". */
  duration?: number;
}

/**
 * A confirmation asked in a toast (spec §2/§8); resolves true only when the confirm button is pressed.
 * The question takes focus (Cancel first: the harmless answer), keeps Tab inside while focus is in it,
 * Escape cancels, and focus goes back where it was. Its time runs only while nobody is at it: a
 * keyboard user on it is never timed out (WCAG 2.2.1); asked by a click, it goes after `duration`
 * (spec: 6 seconds) unless the pointer rests on it.
 */
export function confirmInToast({ message, detail, confirmLabel, duration = 6000 }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    toast(
      (t) => (
        <ConfirmQuestion
          visible={t.visible}
          message={message}
          detail={detail}
          confirmLabel={confirmLabel}
          duration={duration}
          onAnswer={(answer) => {
            toast.dismiss(t.id);
            resolve(answer);
          }}
        />
      ),
      // The question times itself out (below): react-hot-toast's timer cannot pause for focus.
      { duration: Number.POSITIVE_INFINITY },
    );
  });
}

function ConfirmQuestion({
  visible,
  message,
  detail,
  confirmLabel,
  duration,
  onAnswer,
}: Omit<ConfirmOptions, "duration"> & { visible: boolean; duration: number; onAnswer: (answer: boolean) => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  const id = useId();
  const answer = (value: boolean) => {
    if (answered.current) return;
    answered.current = true;
    release();
    onAnswer(value);
  };
  const release = useDialog(panelRef, () => answer(false), { initialFocusRef: cancelRef, modal: false });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Focus moved in after a click is not attention (no focus ring shows); keyboard focus or a pointer over it is.
    const attended = () =>
      Boolean(
        document.activeElement &&
          panel.contains(document.activeElement) &&
          document.activeElement.matches(":focus-visible"),
      ) || panel.matches(":hover");
    const update = () => {
      clearTimeout(timer);
      timer = attended() ? undefined : setTimeout(() => answer(false), duration);
    };
    update();
    const events = ["focusin", "focusout", "pointerover", "pointerout"] as const;
    // focusout fires before focus lands elsewhere: look again once it has.
    const later = () => queueMicrotask(update);
    for (const name of events) document.addEventListener(name, later);
    return () => {
      clearTimeout(timer);
      for (const name of events) document.removeEventListener(name, later);
    };
  });

  return (
    <div
      ref={panelRef}
      // Answered, it fades out for a moment: no longer a question anyone can reach.
      role="alertdialog"
      aria-hidden={!visible || undefined}
      inert={!visible}
      aria-labelledby={`${id}-message`}
      aria-describedby={detail ? `${id}-detail` : undefined}
      className="flex flex-col gap-3"
    >
      <p id={`${id}-message`} className="font-medium text-ink">
        {message}
      </p>
      {detail && (
        <p id={`${id}-detail`} className="break-all text-sm text-muted">
          {detail}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button
          ref={cancelRef}
          type="button"
          className="rounded-full px-4 py-1.5 text-sm font-semibold text-ink ring-1 ring-black/15 hover:bg-sand"
          onClick={() => answer(false)}
        >
          Cancel
        </button>
        <button
          type="button"
          className="rounded-full bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
          onClick={() => answer(true)}
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
