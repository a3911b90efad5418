import toast from "react-hot-toast";
import { api, errorMessage } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download-file";

const action = "rounded-full px-3 py-1 text-sm font-semibold text-brand ring-1 ring-brand/40 hover:bg-brand-light";

/** Download a gift's receipt, or send it to the donor again. */
export function ReceiptActions({ receiptId, label }: { receiptId: string | null; label: string }) {
  if (!receiptId) return null;
  async function resend() {
    try {
      await api(`/api/receipts/${receiptId}/resend`, { method: "POST" });
      toast.success("The receipt is on its way again.");
    } catch (error) {
      toast.error(errorMessage(error, "Could not resend the receipt."));
    }
  }
  async function download() {
    try {
      await downloadFile(`/api/receipts/${receiptId}/pdf`);
    } catch {
      toast.error("Could not download the receipt.");
    }
  }
  return (
    <span className="inline-flex flex-wrap gap-2">
      <button type="button" onClick={download} className={action}>
        Receipt<span className="sr-only"> for {label}</span> (PDF)
      </button>
      <button type="button" onClick={resend} className={action}>
        Resend receipt<span className="sr-only"> for {label}</span>
      </button>
    </span>
  );
}
