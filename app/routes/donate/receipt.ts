import { appContext } from "#app-context";
import { receiptView } from "../../../core/donations/donations.schema";
import type { Route } from "./+types/receipt";

/**
 * The thank-you page's own data, asked again while Stripe's notice is on its way
 * (components/donation/donation-receipt.tsx). The unguessable session id is the key, as on the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const { services } = context.get(appContext);
  const receipt = await services.donations.findReceipt(sessionId);
  const headers = { "cache-control": "no-store" };
  if (!receipt) return Response.json({ message: "Donation not found." }, { status: 404, headers });
  return Response.json(receiptView(receipt, { sendsEmail: services.email.enabled }), { headers });
}
