import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app-context";
import { formatMoney } from "../../../core/money/money";
import { Button } from "../../components/button";
import type { Route } from "./+types/sandbox-card";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const gift = await services.donations.findSandboxMonthly(params.id);
  if (!gift) throw data(null, { status: 404 });
  return { amount: formatMoney(gift.amountCents, gift.currency), failed: gift.status === "payment_failed" };
}

/**
 * Stands in for Stripe's customer portal and hosted invoice page: "Pay with the new card" is a
 * successful retry; "Make the next payment fail" is what an expired card does. Both are the events
 * Stripe would send, applied by the same code (donations service).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const gift = await services.donations.findSandboxMonthly(params.id);
  if (!gift) throw data(null, { status: 404 });
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent === "fail") {
    await services.donations.sandboxRenewal(params.id, "failed");
    return { done: "The next payment failed (test). The donor has been sent an e-mail." };
  }
  // A new card on a gift that is not behind only replaces the card: nothing is charged now.
  if (gift.status === "payment_failed") await services.donations.sandboxRenewal(params.id, "paid");
  return redirect("/giving");
}

export const headers = () => ({ "cache-control": "no-store" });

export const meta = () => [
  { title: "Test card update (no money moves) | Hope Behind Bars" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SandboxCard({ loaderData, actionData }: Route.ComponentProps) {
  const { amount, failed } = loaderData;
  return (
    <main className="min-h-screen bg-gray-100 px-4 py-10">
      <div className="mx-auto max-w-md">
        <div role="note" className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-900">
          <p className="font-bold uppercase tracking-wide">Test card page — no money moves</p>
          <p className="mt-1 text-sm">
            This page stands in for Stripe's card update page on development and test sites. No card is entered or
            charged.
          </p>
        </div>
        <div className="mt-6 rounded-2xl bg-white p-6 shadow">
          <h1 className="text-xl font-bold">Update the card for your monthly gift</h1>
          <p className="mt-2 text-4xl font-extrabold">
            {amount}
            <span className="text-lg font-semibold text-muted"> per month</span>
          </p>
          {failed && <p className="mt-2 font-semibold text-red-700">The last payment did not go through.</p>}
          {actionData?.done && (
            <p role="status" className="mt-2 font-semibold">
              {actionData.done}
            </p>
          )}
          <Form method="post" className="mt-6 space-y-3">
            <Button type="submit" name="intent" value="pay" size="lg" className="w-full">
              {failed ? `Pay ${amount} with the new card (test)` : "Save the new card (test)"}
            </Button>
            <Button type="submit" name="intent" value="fail" variant="secondary" className="w-full">
              Make the next payment fail (test)
            </Button>
          </Form>
          <Link to="/giving" className="mt-4 block text-center font-semibold text-muted underline">
            Back to My giving
          </Link>
        </div>
      </div>
    </main>
  );
}
