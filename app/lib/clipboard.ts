import toast from "react-hot-toast";

/** Copies text and confirms with the given toast; a refused clipboard says so instead. */
export async function copyWithToast(text: string, successMessage: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(successMessage);
  } catch {
    toast.error("Could not copy. Please select the text and copy it by hand.");
  }
}
