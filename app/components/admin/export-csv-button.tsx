import toast from "react-hot-toast";
import { downloadFile } from "../../lib/download-file";

/** "Export CSV" for a list screen: downloads the list's streamed export (`path`), named by the server. */
/** `of` names the table where a screen holds several ("Export CSV: Top pages"). */
export function ExportCsvButton({ path, of }: { path: string; of?: string }) {
  async function exportCsv() {
    try {
      await downloadFile(path);
    } catch {
      toast.error("Export failed. Please try again.");
    }
  }
  return (
    <button
      type="button"
      onClick={exportCsv}
      aria-label={of ? `Export CSV: ${of}` : undefined}
      className="rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light"
    >
      Export CSV
    </button>
  );
}
