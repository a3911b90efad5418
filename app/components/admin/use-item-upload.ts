import { useState } from "react";
import { apiUpload } from "../../lib/api-client";

/**
 * Sends an item form's upload to its collection (`/api/blogs`, `/api/publications`): creates it
 * (POST) or, with an id, updates it (PUT). While it goes, `saving` is true and `progress` follows a
 * picture's upload (null when none is sent), for the form's buttons and its progress bar.
 */
export function useItemUpload(collection: string, id: string | undefined) {
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  /** Rejects with the API's error (its field messages included) when the item was not saved. */
  async function send(body: FormData, withPicture: boolean): Promise<void> {
    setSaving(true);
    setProgress(withPicture ? 0 : null);
    try {
      await apiUpload(id ? `${collection}/${id}` : collection, body, {
        method: id ? "PUT" : "POST",
        onProgress: withPicture ? setProgress : undefined,
      });
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }
  return { saving, progress, send };
}
