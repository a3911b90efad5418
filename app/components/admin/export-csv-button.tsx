import toast from "react-hot-toast";
import { downloadAdminFile } from "../../lib/download";

/** "Export CSV" for a list screen: downloads the list's streamed export (`path`), named by the server. */
export function ExportCsvButton({ path, fallbackName }: { path: string; fallbackName: string }) {
  async function exportCsv() {
    try {
      await downloadAdminFile(path, fallbackName);
    } catch {
      toast.error("Export failed. Please try again.");
    }
  }
  return (
    <button
      type="button"
      onClick={exportCsv}
      className="rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light"
    >
      Export CSV
    </button>
  );
}
