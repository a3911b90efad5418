import { useEffect, useState } from "react";
import { data, useRevalidator } from "react-router";
import { appContext } from "#app-context";
import { formatMoney } from "../../../core/donations/donations.schema";
import { ButtonLink } from "../../components/button";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/donate-thank-you";

/** While Stripe's notice is on its way: look again every few seconds, for about a minute. */
const RECHECK_MS = 3000;
const MAX_RECHECKS = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  // Amount and frequency come from our records for this session, never from the address bar.
  const receipt = await services.donations.findReceipt(sessionId);
  if (!receipt) return data({ receipt: null }, { status: 404 });
  return {
    receipt: {
      status: receipt.status,
      amount: formatMoney(receipt.amountCents, receipt.currency),
      frequency: receipt.frequency,
    },
  };
}

/** Per-donor content: never cached (overrides the public layout's page cache opt-in). */
export const headers = () => ({ "cache-control": "no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Thank you", path: "/donate/thank-you", noindex: true });

export default function DonateThankYou({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  const revalidator = useRevalidator();
  const [rechecks, setRechecks] = useState(0);
  const pending = receipt?.status === "pending";

  useEffect(() => {
    if (!pending || rechecks >= MAX_RECHECKS || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setRechecks((n) => n + 1);
      revalidator.revalidate();
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, rechecks, revalidator]);

  const gift = receipt && (
    <strong className="font-bold text-ink">
      {receipt.amount} {receipt.frequency === "monthly" ? "monthly" : "one-time"}
    </strong>
  );

  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
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
            <p className="mt-4 text-lg text-muted">
              Your donation of {gift} is being confirmed with the card provider.
            </p>
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
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/" size="lg">
            Back to home
          </ButtonLink>
          <ButtonLink to="/contact" size="lg" variant="secondary">
            Contact us
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
