import { type FormEvent, useRef, useState } from "react";
import toast from "react-hot-toast";
import { PASSWORD_MIN_LENGTH } from "../../../../core/auth/auth.schema";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { Button } from "../../button";
import { focusFirstError, TextInput } from "../form-controls";
import { AccountSection } from "./account-section";

const MISMATCH = "The two new passwords are not the same.";

/** Change one's own password; the other sessions end (the server does that), this one stays. */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const show = (found: Record<string, string>) => {
    setErrors(found);
    focusFirstError(formRef.current, found);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    const found: Record<string, string> = {};
    if (!currentPassword) found.currentPassword = "Enter your current password.";
    if (newPassword.length < PASSWORD_MIN_LENGTH)
      found.newPassword = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
    else if (newPassword !== String(data.get("confirmation") ?? "")) found.confirmation = MISMATCH;
    if (Object.keys(found).length) return show(found);
    setSaving(true);
    setErrors({});
    try {
      await api("/api/admin/account/password", { method: "PUT", json: { currentPassword, newPassword } });
      form.reset();
      toast.success("Password changed. Your other sessions have been signed out.");
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) show(failure.fields);
      else toast.error(errorMessage(failure, "The password could not be changed. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountSection
      id="account-password"
      title="Password"
      description="Changing it signs you out everywhere except here."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
        <TextInput
          id="current-password"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <TextInput
          id="new-password"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword}
        />
        <TextInput
          id="new-password-confirmation"
          name="confirmation"
          type="password"
          label="New password again"
          autoComplete="new-password"
          error={errors.confirmation}
        />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Change password"}
        </Button>
      </form>
    </AccountSection>
  );
}
