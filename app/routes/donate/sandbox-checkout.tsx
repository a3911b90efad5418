import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { WHERE_MOST_NEEDED } from "../../../core/funds/funds.schema";
import { formatMoney } from "../../../core/money/money";
import { Button } from "../../components/button";
import type { Route } from "./+types/sandbox-checkout";

const EMAIL_PATTERN = /^\S+@\S+$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const checkout = await services.donations.findSandboxCheckout(params.id);
  if (!checkout) throw data(null, { status: 404 });
  return {
    // What the provider charges: the gift and any fee cover, as Stripe's and Chapa's pages show one sum.
    amount: formatMoney(checkout.amountCents + checkout.feeCoverCents, checkout.currency),
    frequency: checkout.frequency,
    status: checkout.status,
    fund: checkout.fundId ? ((await services.funds.titleOf(checkout.fundId)) ?? checkout.fundId) : WHERE_MOST_NEEDED,
  };
}

/** Pay: the same event a Stripe webhook brings, applied by the same code (donations service). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  // Anyone can post to any id: an unknown one is a plain 404, like the page itself (letting the
  // service's NotFoundError escape would be a 500 with a stack trace in the log for every request).
  if (!(await services.donations.findSandboxCheckout(params.id))) throw data(null, { status: 404 });
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const name = String(form.get("name") ?? "").trim();
  if (email && (email.length > 254 || !EMAIL_PATTERN.test(email))) {
    return data({ error: "Enter a valid e-mail address, or leave it empty." }, { status: 400 });
  }
  await services.donations.completeSandboxCheckout(params.id, { email, name: name.slice(0, 200) });
  return redirect(`/donate/thank-you?session_id=${encodeURIComponent(params.id)}`);
}

export const headers = () => ({ "cache-control": "no-store" });

export const meta = () => [
  { title: "Test checkout (no money moves) | Hope Behind Bars" },
  { name: "robots", content: "noindex, nofollow" },
];

/** Stands in for Stripe's hosted checkout on development and test sites: clearly a test. */
export default function SandboxCheckout({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const paying = navigation.state !== "idle";
  const { amount, frequency, status, fund } = loaderData;
  return (
    <main className="min-h-screen bg-gray-100 px-4 py-10">
      <div className="mx-auto max-w-md">
        <div role="note" className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-900">
          <p className="font-bold uppercase tracking-wide">Test checkout — no money moves</p>
          <p className="mt-1 text-sm">
            This page stands in for Stripe's checkout on development and test sites. No card is charged and nothing is
            sent to a bank.
          </p>
        </div>
        <div className="mt-6 rounded-2xl bg-white p-6 shadow">
          <h1 className="text-xl font-bold">Hope Behind Bars</h1>
          <p className="mt-1 text-muted">{frequency === "monthly" ? "Monthly donation" : "One-time donation"}</p>
          <p className="mt-4 text-4xl font-extrabold">
            {amount}
            {frequency === "monthly" && <span className="text-lg font-semibold text-muted"> per month</span>}
          </p>
          <p className="mt-1 text-muted">For: {fund}</p>
          {status !== "pending" ? (
            <div className="mt-6">
              <p>This test checkout is already {status}.</p>
              <Link
                to={`/donate/thank-you?session_id=${encodeURIComponent(params.id)}`}
                className="mt-3 inline-block font-semibold text-brand underline"
              >
                See the thank-you page
              </Link>
            </div>
          ) : (
            <Form method="post" className="mt-6 space-y-4">
              <div>
                <label htmlFor="sandbox-email" className="block text-sm font-semibold">
                  E-mail (optional)
                </label>
                <input
                  id="sandbox-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  aria-invalid={actionData?.error ? true : undefined}
                  aria-describedby={actionData?.error ? "sandbox-error" : undefined}
                  className="mt-1 w-full rounded-lg border border-black/20 px-3 py-2"
                />
              </div>
              <div>
                <label htmlFor="sandbox-name" className="block text-sm font-semibold">
                  Name (optional)
                </label>
                <input
                  id="sandbox-name"
                  name="name"
                  autoComplete="name"
                  className="mt-1 w-full rounded-lg border border-black/20 px-3 py-2"
                />
              </div>
              {actionData?.error && (
                <p id="sandbox-error" role="alert" className="text-sm font-medium text-red-700">
                  {actionData.error}
                </p>
              )}
              <Button type="submit" size="lg" className="w-full" disabled={paying}>
                {paying ? "Processing..." : `Pay ${amount} (test)`}
              </Button>
              <Link to="/" className="block text-center font-semibold text-muted underline">
                Cancel
              </Link>
            </Form>
          )}
        </div>
      </div>
    </main>
  );
}
