import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import type { Fund } from "../../../../core/funds/funds.schema";
import { formatMoney } from "../../../../core/money/money";
import type { Pledge } from "../../../../core/offline-gifts/offline-gifts.schema";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { Button } from "../../button";
import { TextInput } from "../form-controls";
import { ChoiceField } from "./choice-field";
import { fundChoices } from "./offline-gift-form";

/**
 * A donor's transfer notice waiting for the bank statement: confirm it (it becomes an offline gift,
 * with the day's rate for birr and the need it is for) or dismiss it.
 */
export function PledgeCard({
  pledge,
  funds,
  onDecided,
}: {
  pledge: Pledge;
  funds: readonly Fund[];
  onDecided: () => void;
}) {
  const [receivedOn, setReceivedOn] = useState(pledge.transferredOn);
  const [etbPerUsd, setEtbPerUsd] = useState("");
  const [fund, setFund] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = `pledge-${pledge._id}`;

  async function decide(action: "confirm" | "dismiss", event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    try {
      await api(`/api/pledges/${pledge._id}/${action}`, {
        method: "POST",
        ...(action === "confirm" && { json: { receivedOn, etbPerUsd, fund } }),
      });
      toast.success(action === "confirm" ? "Gift confirmed!" : "Notice dismissed.");
      onDecided();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error, "Could not save the decision."));
      setBusy(false);
    }
  }

  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-5">
      <form onSubmit={(event) => decide("confirm", event)} noValidate aria-label={`Transfer from ${pledge.donorName}`}>
        <p className="font-semibold">
          {formatMoney(pledge.amountMinor, pledge.currency)} from {pledge.donorName}
        </p>
        <p className="break-all text-sm text-muted">
          {pledge.donorEmail} · sent {pledge.transferredOn} · reference {pledge.bankReference}
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <TextInput
            id={`${id}-received`}
            label="Date received"
            type="date"
            value={receivedOn}
            onChange={(event) => setReceivedOn(event.target.value)}
            error={errors.receivedOn}
          />
          {pledge.currency === "etb" && (
            <TextInput
              id={`${id}-rate`}
              label="Birr per US dollar that day"
              inputMode="decimal"
              value={etbPerUsd}
              onChange={(event) => setEtbPerUsd(event.target.value)}
              error={errors.etbPerUsd}
            />
          )}
          <ChoiceField
            id={`${id}-fund`}
            label="For"
            choices={fundChoices(funds)}
            value={fund}
            onChange={(event) => setFund(event.target.value)}
            error={errors.fund}
          />
        </div>
        <div className="mt-3 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={busy} onClick={() => decide("dismiss")}>
            Dismiss
          </Button>
          <Button type="submit" disabled={busy}>
            Confirm: money received
          </Button>
        </div>
      </form>
    </li>
  );
}
