import { type ReactNode, type RefObject, useRef } from "react";
import { createPortal } from "react-dom";
import { useDialog } from "./use-dialog";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  /** What takes focus on opening (a question's harmless answer); the panel itself when absent. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The id of the text that says what the dialog asks. */
  describedBy?: string;
}

/**
 * A dialog over the page (useDialog: focus kept inside, page behind inert, Escape and the backdrop
 * close it). Not a native <dialog>: its top layer would hide the toasts that actions inside it show.
 */
export function Modal({ title, onClose, children, footer, initialFocusRef, describedBy }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialog(panelRef, onClose, initialFocusRef ? { initialFocusRef } : {});

  return createPortal(
    <div
      className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 sm:items-center sm:p-4"
      onClick={onClose}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        aria-describedby={describedBy}
        tabIndex={-1}
        className="flex max-h-[92vh] w-full max-w-2xl flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="modal-title" className="border-b px-6 py-4 text-xl font-bold">
          {title}
        </h2>
        <div className="overflow-y-auto px-6 py-4">{children}</div>
        <div className="flex flex-wrap justify-end gap-2 border-t px-6 py-4">{footer}</div>
      </div>
    </div>,
    document.body,
  );
}
