import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";

interface DonationRequest {
  /** Preset amount from a card or slide; undefined opens with the default. */
  amount?: number;
  /** Bumped on every open so the pop-up resets even when opened twice with the same amount. */
  openedAt: number;
  /** The element to give focus back to on close. */
  opener: HTMLElement | null;
}

interface DonationControls {
  openDonation: (amount?: number) => void;
}

const DonationContext = createContext<DonationControls | null>(null);

// The pop-up's code is fetched only when a visitor first opens it (not in the first-paint bundle).
const DonationDialog = lazy(() => import("./donation-dialog"));

export function DonationProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<DonationRequest | null>(null);
  const openDonation = useCallback((amount?: number) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRequest({ amount, openedAt: Date.now(), opener });
  }, []);
  const close = useCallback(() => {
    setRequest((current) => {
      current?.opener?.focus();
      return null;
    });
  }, []);
  const controls = useMemo(() => ({ openDonation }), [openDonation]);
  return (
    <DonationContext.Provider value={controls}>
      {children}
      {request && (
        <Suspense fallback={<DialogLoading />}>
          <DonationDialog key={request.openedAt} initialAmount={request.amount} onClose={close} />
        </Suspense>
      )}
    </DonationContext.Provider>
  );
}

/** On a slow connection the pop-up's code takes a moment: say so instead of seeming to ignore the click. */
function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <p role="status" className="rounded-xl bg-white px-5 py-3 font-semibold text-ink shadow-xl">
        Opening the donation form…
      </p>
    </div>
  );
}

export function useDonation(): DonationControls {
  const controls = useContext(DonationContext);
  if (!controls) throw new Error("useDonation must be used inside DonationProvider");
  return controls;
}
