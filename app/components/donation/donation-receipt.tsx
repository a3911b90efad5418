import { useEffect, useState } from "react";
import type { ReceiptView } from "../../../core/donations/donations.schema";
import { island } from "../../islands/island";

/** While Stripe's notice is on its way: look again every few seconds, for about a minute. */
const RECHECK_MS = 3000;
const MAX_RECHECKS = 20;

/** The thank-you page's message for one donation; a pending one updates itself when it is confirmed. */
export function DonationReceipt({ receipt: initial, sessionId }: { receipt: ReceiptView | null; sessionId: string }) {
  const [receipt, setReceipt] = useState(initial);
  const [rechecks, setRechecks] = useState(0);
  const pending = receipt?.status === "pending";

  useEffect(() => {
    if (!pending || rechecks >= MAX_RECHECKS) return;
    const timer = setTimeout(() => {
      fetch(`/donate/thank-you/receipt?session_id=${encodeURIComponent(sessionId)}`)
        .then((response) => (response.ok ? (response.json() as Promise<ReceiptView>) : Promise.reject(response.status)))
        .then(setReceipt, (error) => console.warn("Donation receipt: could not check again", error))
        .finally(() => setRechecks((n) => n + 1));
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, rechecks, sessionId]);

  const gift = receipt && (
    <strong className="font-bold text-ink">
      {receipt.amount} {receipt.frequency === "monthly" ? "monthly" : "one-time"}
    </strong>
  );

  return (
    <>
      {!receipt ? (
        <>
          <h1 className="text-3xl font-extrabold text-brand sm:text-4xl">We could not find this donation</h1>
          <p className="mt-4 text-lg text-muted">
            If you have just given, thank you — please contact us and we will look it up.
          </p>
        </>
      ) : receipt.status === "paid" ? (
        <>
          <p aria-hidden="true" className="text-5xl text-accent">
            ♥
          </p>
          <h1 className="mt-2 text-3xl font-extrabold text-brand sm:text-4xl">Thank you for your gift!</h1>
          <p className="mt-4 text-lg text-muted">Your donation of {gift} has been received.</p>
          <p className="mt-3 text-muted">
            {receipt.frequency === "monthly"
              ? "Every month, your support brings essentials, schooling and hope to mothers and children behind bars."
              : "Your support brings essentials, schooling and hope to mothers and children behind bars."}
          </p>
        </>
      ) : pending ? (
        <div role="status">
          <h1 className="text-3xl font-extrabold text-brand sm:text-4xl">Thank you — we are confirming your gift</h1>
          <p className="mt-4 text-lg text-muted">Your donation of {gift} is being confirmed with the card provider.</p>
          <p className="mt-3 text-muted">
            {rechecks < MAX_RECHECKS
              ? "This usually takes a few seconds; this page updates by itself."
              : "This is taking longer than usual. If it is not confirmed within a few minutes, please contact us."}
          </p>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold text-brand sm:text-4xl">
            {receipt.status === "refunded" ? "This donation was refunded" : "This donation has ended"}
          </h1>
          <p className="mt-4 text-lg text-muted">
            Your donation of {gift} is {receipt.status === "refunded" ? "refunded" : "canceled"}. Questions? Please
            contact us.
          </p>
        </>
      )}
    </>
  );
}

export const DonationReceiptIsland = island("donation-receipt", DonationReceipt);
