import { useEffect, useRef } from "react";

export interface DonationDialogProps {
  initialAmount?: number;
  onClose: () => void;
}

/**
 * Placeholder until the donations issue lands the real pop-up (card checkout and bank details).
 * It still behaves as a proper dialog: focus inside, Escape and backdrop close.
 */
export default function DonationDialog({ onClose }: DonationDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onClick={onClose}
      aria-hidden="false"
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="donation-title"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <h2 id="donation-title" className="text-xl font-bold">
          Donate
        </h2>
        <p className="mt-3 text-muted">Online giving is being set up. Please contact us to give today.</p>
        <button ref={closeRef} type="button" className="mt-6 font-semibold text-brand underline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
