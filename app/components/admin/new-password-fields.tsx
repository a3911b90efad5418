import { PASSWORD_MIN_LENGTH } from "../../../core/auth/auth.schema";
import { TextInput } from "./form-controls";

export const PASSWORDS_DIFFER = "The two passwords are not the same.";
const TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

/** What is wrong with a new password and its repetition before it is sent (the server checks too). */
export function newPasswordErrors(name: string, data: FormData): Record<string, string> {
  const password = String(data.get(name) ?? "");
  if (password.length < PASSWORD_MIN_LENGTH) return { [name]: TOO_SHORT };
  if (password !== String(data.get("confirmation") ?? "")) return { confirmation: PASSWORDS_DIFFER };
  return {};
}

/** A new password typed twice, as the reset page and the account screen ask for it. */
export function NewPasswordFields({ name, errors }: { name: string; errors: Record<string, string> }) {
  return (
    <>
      <TextInput
        id={`${name}-new`}
        name={name}
        type="password"
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors[name]}
      />
      <TextInput
        id={`${name}-confirmation`}
        name="confirmation"
        type="password"
        label="New password again"
        autoComplete="new-password"
        error={errors.confirmation}
      />
    </>
  );
}
