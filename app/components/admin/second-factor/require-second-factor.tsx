import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "../../../lib/api-client";

interface RequireSetting {
  requireSecondFactor: boolean;
}

/**
 * Administrators' switch: every account must have a second factor. Accounts without one are taken to
 * set one up, their open sessions at once (the server enforces it; this only changes the setting).
 */
export function RequireSecondFactor() {
  const [setting, setSetting] = useState<RequireSetting>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<RequireSetting>("/api/admin/settings/second-factor")
      .then(setSetting)
      .catch((failure) => toast.error(errorMessage(failure, "The two-step setting could not be loaded.")));
  }, []);

  async function change(requireSecondFactor: boolean) {
    const before = setting;
    // Shown at once; put back if the server refuses.
    setSetting({ requireSecondFactor });
    setSaving(true);
    try {
      const saved = await api<RequireSetting>("/api/admin/settings/second-factor", {
        method: "PUT",
        json: { requireSecondFactor },
      });
      setSetting(saved);
      toast.success(
        saved.requireSecondFactor
          ? "Two-step verification is now required. Accounts without it must set it up before doing anything else."
          : "Two-step verification is now optional.",
      );
    } catch (failure) {
      setSetting(before);
      toast.error(errorMessage(failure, "The setting could not be saved. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="require-two-step" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="require-two-step" className="text-lg font-bold">
        Two-step verification
      </h2>
      <label className="mt-3 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-brand"
          checked={setting?.requireSecondFactor ?? false}
          disabled={!setting || saving}
          onChange={(event) => change(event.currentTarget.checked)}
        />
        <span>
          <span className="block font-medium">Require two-step verification for everyone</span>
          <span className="block text-sm text-muted">
            People without an authenticator app or a passkey are asked to set one up, at once if they are signed in,
            before they can do anything else.
          </span>
        </span>
      </label>
    </section>
  );
}
