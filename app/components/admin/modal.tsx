import { type ReactNode, useRef } from "react";
import { createPortal } from "react-dom";
import { useDialog } from "./use-dialog";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}

/**
 * A dialog over the page (useDialog: focus kept inside, page behind inert, Escape and the backdrop
 * close it). Not a native <dialog>: its top layer would hide the toasts that actions inside it show.
 */
export function Modal({ title, onClose, children, footer }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialog(panelRef, onClose);

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
