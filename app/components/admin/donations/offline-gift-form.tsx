import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { Fund } from "../../../../core/funds/funds.schema";
import { WHERE_MOST_NEEDED } from "../../../../core/funds/funds.schema";
import { CURRENCIES, CURRENCY_LABELS, toMajorText } from "../../../../core/money/money";
import {
  GIFT_METHOD_LABELS,
  GIFT_METHODS,
  type OfflineGift,
} from "../../../../core/offline-gifts/offline-gifts.schema";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { Button } from "../../button";
import { focusFirstError, TextArea, TextInput } from "../form-controls";
import { useAdminForm } from "../use-admin-form";
import { ChoiceField } from "./choice-field";

interface Values {
  receivedOn: string;
  method: string;
  amount: string;
  currency: string;
  etbPerUsd: string;
  fund: string;
  donorName: string;
  donorEmail: string;
  reference: string;
  note: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const empty = (): Values => ({
  receivedOn: today(),
  method: "bank-transfer",
  amount: "",
  currency: "etb",
  etbPerUsd: "",
  fund: "",
  donorName: "",
  donorEmail: "",
  reference: "",
  note: "",
});

const valuesOf = (gift: OfflineGift): Values => ({
  receivedOn: gift.receivedOn,
  method: gift.method,
  amount: toMajorText(gift.amountMinor, gift.currency),
  currency: gift.currency,
  etbPerUsd: gift.etbPerUsd ?? "",
  fund: gift.fundId ?? "",
  donorName: gift.donorName ?? "",
  donorEmail: gift.donorEmail ?? "",
  reference: gift.reference ?? "",
  note: gift.note ?? "",
});

export const fundChoices = (funds: readonly Fund[], keep?: string | null) => {
  const choices: Array<readonly [string, string]> = [
    ["", WHERE_MOST_NEEDED],
    ...funds.map((f) => [f.id, f.title] as const),
  ];
  if (keep && !funds.some((f) => f.id === keep)) choices.push([keep, `${keep} (no longer listed)`]);
  return choices;
};

/** Records a gift that came by bank, cash or cheque, or edits one (`editing`). */
export function OfflineGiftForm({
  funds,
  editing,
  onSaved,
  onCancel,
}: {
  funds: readonly Fund[];
  editing: OfflineGift | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const { values, setValues, setErrors, field } = useAdminForm("offline-gift", empty());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValues(editing ? valuesOf(editing) : empty());
    setErrors({});
  }, [editing, setValues, setErrors]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      await api(editing ? `/api/offline-gifts/${editing._id}` : "/api/offline-gifts", {
        method: editing ? "PUT" : "POST",
        json: values,
      });
      toast.success(editing ? "Gift updated!" : "Gift recorded!");
      setValues(empty());
      setErrors({});
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirstError(form.current, error.fields);
      }
      toast.error(errorMessage(error, "Could not save the gift."));
    } finally {
      setSaving(false);
    }
  }

  const birr = values.currency === "etb";
  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="offline-gift-heading"
      className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 sm:grid-cols-2 sm:p-6"
    >
      <h2 id="offline-gift-heading" className="text-lg font-bold sm:col-span-2">
        {editing ? "Edit offline gift" : "Record an offline gift"}
      </h2>
      <TextInput {...field("receivedOn")} label="Date received" type="date" />
      <ChoiceField
        {...field("method")}
        label="How it came"
        choices={GIFT_METHODS.map((m) => [m, GIFT_METHOD_LABELS[m]])}
      />
      <TextInput {...field("amount")} label="Amount" inputMode="decimal" autoComplete="off" />
      <ChoiceField {...field("currency")} label="Currency" choices={CURRENCIES.map((c) => [c, CURRENCY_LABELS[c]])} />
      {birr && (
        <TextInput
          {...field("etbPerUsd")}
          label="Birr per US dollar that day"
          inputMode="decimal"
          hint="The bank's rate on the day received; the gift counts in dollars at this rate."
        />
      )}
      <ChoiceField {...field("fund")} label="For" choices={fundChoices(funds, editing?.fundId)} />
      <TextInput {...field("donorName")} label="Donor's name (optional)" autoComplete="off" />
      <TextInput {...field("donorEmail")} label="Donor's e-mail (optional)" type="email" autoComplete="off" />
      <TextInput {...field("reference")} label="Reference (optional)" autoComplete="off" />
      <TextArea {...field("note")} label="Note (optional)" rows={2} />
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        {editing && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : editing ? "Save changes" : "Record gift"}
        </Button>
      </div>
    </form>
  );
}
