import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { LoginResult } from "../../../../core/auth/auth.schema";
import type { SecondFactorStep } from "../../../../core/second-factor/second-factor.schema";
import { setAdminToken } from "../../../lib/admin-session";
import { ApiError, api } from "../../../lib/api-client";
import { isCancelled, signInWithPasskey } from "../../../lib/passkeys";
import { Button } from "../../button";
import { AuthMessage } from "../auth-card";

type CodeMethod = "totp" | "recovery";

const FIELDS: Record<CodeMethod, { id: string; label: string; hint: string }> = {
  totp: { id: "login-code", label: "Code from your authenticator app", hint: "The 6-digit code the app shows now." },
  recovery: {
    id: "login-recovery-code",
    label: "Recovery code",
    hint: "One of the codes you saved, like abcde-fghjk.",
  },
};

const linkButton = "font-medium text-brand underline-offset-2 hover:underline";

/** What went wrong, in words: the server's own message for a wrong code, an expired step or a wait. */
const failureMessage = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 429 || error.status === 400)
    ? error.message
    : "Sign-in could not be completed. Please try again.";

/**
 * The login's second step, after a right password: a code from the app, a recovery code, or a
 * passkey. `step` is what the password step answered; `onRestart` goes back to the password.
 */
export function SecondStepForm({
  step,
  onSuccess,
  onRestart,
}: {
  step: SecondFactorStep["secondFactor"];
  onSuccess: () => void;
  onRestart: () => void;
}) {
  const { ticket, methods } = step;
  // Without an app, the passkey button leads; a recovery code is one click away.
  const [method, setMethod] = useState<CodeMethod | null>(methods.includes("totp") ? "totp" : null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const field = method ? FIELDS[method] : undefined;

  // The field takes the cursor when the step opens, when the method changes and after an error.
  const focusCode = useCallback(() => {
    const input = field && document.getElementById(field.id);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  }, [field]);
  useEffect(focusCode, [focusCode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setError(method === "totp" ? "Enter the 6-digit code from your app." : "Enter one of your recovery codes.");
      focusCode();
      return;
    }
    setBusy(true);
    setError("");
    try {
      const result = await api<LoginResult>("/api/admin/login/second-factor", {
        method: "POST",
        json: { ticket, method, code },
      });
      setAdminToken(result.token);
      onSuccess();
    } catch (failure) {
      setError(failureMessage(failure));
      focusCode();
    } finally {
      setBusy(false);
    }
  }

  async function withPasskey() {
    setBusy(true);
    setError("");
    try {
      await signInWithPasskey(ticket);
      onSuccess();
    } catch (failure) {
      setError(
        isCancelled(failure) ? "The passkey prompt was closed. Try again, or use a code." : failureMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-bold">Two-step verification</h2>
        <p className="mt-1 text-sm text-muted">Your password was right. Now confirm it is you.</p>
      </div>
      {methods.includes("passkey") && (
        <Button className="w-full" onClick={withPasskey} disabled={busy}>
          Use a passkey
        </Button>
      )}
      {method && field && (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div>
            <label htmlFor={field.id} className="block text-sm font-medium">
              {field.label}
            </label>
            <input
              key={field.id}
              id={field.id}
              name="code"
              type="text"
              inputMode={method === "totp" ? "numeric" : "text"}
              autoComplete={method === "totp" ? "one-time-code" : "off"}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={method === "totp" ? 6 : 20}
              aria-describedby={`${field.id}-hint`}
              aria-invalid={error ? true : undefined}
              className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2.5 font-mono tracking-widest"
            />
            <p id={`${field.id}-hint`} className="mt-1 text-xs text-muted">
              {field.hint}
            </p>
          </div>
          <Button
            type="submit"
            variant={methods.includes("passkey") ? "secondary" : "primary"}
            className="w-full"
            disabled={busy}
          >
            {busy ? "Checking..." : "Verify"}
          </Button>
        </form>
      )}
      {error && <AuthMessage kind="error">{error}</AuthMessage>}
      <div className="flex flex-col items-center gap-2 text-sm">
        {methods.includes("recovery") && method !== "recovery" && (
          <button type="button" className={linkButton} onClick={() => setMethod("recovery")}>
            Use a recovery code instead
          </button>
        )}
        {method === "recovery" && methods.includes("totp") && (
          <button type="button" className={linkButton} onClick={() => setMethod("totp")}>
            Use the authenticator app instead
          </button>
        )}
        <button type="button" className={linkButton} onClick={onRestart}>
          Start again
        </button>
      </div>
    </div>
  );
}
