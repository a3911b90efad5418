import { useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "../../../lib/api-client";
import { confirmInToast } from "../confirm-toast";
import type { LedgerRow } from "./ledger-rows";

/**
 * Deletes a test gift (docs/decisions/0760-test-gifts-count-nowhere.md): offered only on one, after a
 * question; the server refuses any gift that counts, and records who deleted what.
 */
export function TestGiftDelete({ row, onDone }: { row: LedgerRow; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  if (!row.test) return null;
  const who = row.donorEmail ?? row.donorName ?? "no donor details";
  async function remove() {
    const sure = await confirmInToast({
      message: "Delete this test gift?",
      detail: `${row.amount} (${who}). It counts nowhere; deleting it only tidies the ledger.`,
      confirmLabel: "Delete test gift",
    });
    if (!sure) return;
    setBusy(true);
    try {
      await api(`/api/donations/${row.key}`, { method: "DELETE" });
      toast.success("Test gift deleted.");
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, "Could not delete the test gift."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      disabled={busy}
      onClick={remove}
      className="mt-1 text-sm font-semibold text-red-700 underline underline-offset-2"
    >
      Delete test gift<span className="sr-only"> of {who}</span>
    </button>
  );
}
