import { type FormEvent, useRef, useState } from "react";
import toast from "react-hot-toast";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { Button } from "../../button";
import { focusFirstError, TextInput } from "../form-controls";
import { NewPasswordFields, newPasswordErrors } from "../new-password-fields";
import { AccountSection } from "./account-section";

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
    const found = newPasswordErrors("newPassword", data);
    if (!currentPassword) found.currentPassword = "Enter your current password.";
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
        <NewPasswordFields name="newPassword" errors={errors} />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Change password"}
        </Button>
      </form>
    </AccountSection>
  );
}
