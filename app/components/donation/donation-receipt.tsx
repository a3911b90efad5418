import { useEffect, useState } from "react";
import type { ReceiptView } from "../../../core/donations/donations.schema";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";

/** While Stripe's notice is on its way: look again every few seconds, for about a minute. */
const RECHECK_MS = 3000;
const MAX_RECHECKS = 20;

/** The thank-you page's message for one donation; a pending one updates itself when it is confirmed. */
export function DonationReceipt({ receipt: initial, sessionId }: { receipt: ReceiptView | null; sessionId: string }) {
  const { t, rich } = useI18n();
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
      {receipt.amount} {receipt.frequency === "monthly" ? t("receipt.monthly") : t("receipt.oneTime")}
    </strong>
  );

  const fund = receipt && (
    <p className="mt-3 text-muted">
      {receipt.fund
        ? rich("receipt.fund", { fund: <strong className="font-semibold text-ink">{receipt.fund}</strong> })
        : t("receipt.whereMostNeeded")}
      {/* Decision 0830: what the donor added to cover the fees, named apart from the gift. */}
      {receipt.feeCover ? ` ${t("receipt.feeCover", { amount: receipt.feeCover })}` : null}
    </p>
  );

  return (
    <>
      {!receipt ? (
        <>
          <h1 className="text-3xl font-extrabold text-brand sm:text-4xl">{t("receipt.notFound")}</h1>
          <p className="mt-4 text-lg text-muted">{t("receipt.notFoundText")}</p>
        </>
      ) : receipt.status === "paid" ? (
        <>
          <p aria-hidden="true" className="text-5xl text-accent">
            ♥
          </p>
          <h1 className="mt-2 text-3xl font-extrabold text-brand sm:text-4xl">{t("receipt.thanks")}</h1>
          <p className="mt-4 text-lg text-muted">{rich("receipt.received", { gift })}</p>
          {fund}
          {receipt.receiptByEmail && <p className="mt-3 text-muted">{t("receipt.byEmail")}</p>}
          <p className="mt-3 text-muted">
            {receipt.frequency === "monthly" ? t("receipt.supportMonthly") : t("receipt.support")}
          </p>
        </>
      ) : pending ? (
        <div role="status">
          <h1 className="text-3xl font-extrabold text-brand sm:text-4xl">{t("receipt.confirming")}</h1>
          <p className="mt-4 text-lg text-muted">
            {rich(receipt.inBirr ? "receipt.beingConfirmedBirr" : "receipt.beingConfirmed", { gift })}
          </p>
          {fund}
          <p className="mt-3 text-muted">{rechecks < MAX_RECHECKS ? t("receipt.fewSeconds") : t("receipt.longer")}</p>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold text-brand sm:text-4xl">
            {receipt.status === "refunded" ? t("receipt.refundedTitle") : t("receipt.endedTitle")}
          </h1>
          <p className="mt-4 text-lg text-muted">
            {rich(receipt.status === "refunded" ? "receipt.refunded" : "receipt.canceled", { gift })}
          </p>
        </>
      )}
    </>
  );
}

export const DonationReceiptIsland = island("donation-receipt", DonationReceipt);
