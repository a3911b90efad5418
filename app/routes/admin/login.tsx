import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LOGIN_FAILED_MESSAGE, LOGIN_REQUIRED_MESSAGE, type LoginResult } from "../../../core/auth/auth.schema";
import type { SecondFactorStep } from "../../../core/second-factor/second-factor.schema";
import { AuthCard, AuthMessage } from "../../components/admin/auth-card";
import { SecondStepForm } from "../../components/admin/second-factor/second-step-form";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { safeRedirectTarget, setAdminToken } from "../../lib/admin-session";
import { ApiError, api } from "../../lib/api-client";
import { isCancelled, passkeysSupported, signInWithPasskey } from "../../lib/passkeys";

export const meta = () => adminMeta("Login");

/**
 * The password step; stores the token when that is all the account needs. Used by the login page and
 * by the "session expired" dialog. An account with a second factor gets a ticket for the next step.
 */
export async function logIn(email: string, password: string): Promise<LoginResult | SecondFactorStep> {
  const result = await api<LoginResult | SecondFactorStep>("/api/admin/login", {
    method: "POST",
    json: { email, password },
  });
  if ("token" in result) setAdminToken(result.token);
  return result;
}

export function loginFailureMessage(error: unknown): string {
  // Throttling has its own clear message; every other failure reads the same (spec §8 Login).
  return error instanceof ApiError && error.status === 429 ? error.message : LOGIN_FAILED_MESSAGE;
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [error, setError] = useState("");
  /** Which fields the error is about: a missing one, or both when the credentials were refused. */
  const [invalid, setInvalid] = useState<{ email?: boolean; password?: boolean }>({});
  const [submitting, setSubmitting] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondFactorStep["secondFactor"]>();
  const [withPasskey, setWithPasskey] = useState(false);
  // Known only in the browser: the button appears after hydration where passkeys work.
  useEffect(() => setWithPasskey(passkeysSupported()), []);

  async function passkeyAlone() {
    setSubmitting(true);
    setError("");
    try {
      await signInWithPasskey();
      onSuccess();
    } catch (failure) {
      setError(
        isCancelled(failure)
          ? "The passkey prompt was closed. Try again, or use your email and password."
          : failure instanceof ApiError && failure.status !== 0
            ? failure.message
            : LOGIN_FAILED_MESSAGE,
      );
    } finally {
      setSubmitting(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError(LOGIN_REQUIRED_MESSAGE);
      setInvalid({ email: !email, password: !password });
      return;
    }
    setSubmitting(true);
    setError("");
    setInvalid({});
    try {
      const result = await logIn(email, password);
      if ("secondFactor" in result) setSecondStep(result.secondFactor);
      else onSuccess();
    } catch (failure) {
      setError(loginFailureMessage(failure));
      setInvalid({ email: true, password: true });
    } finally {
      setSubmitting(false);
    }
  }

  if (secondStep) {
    return <SecondStepForm step={secondStep} onSuccess={onSuccess} onRestart={() => setSecondStep(undefined)} />;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <label htmlFor="login-email" className="block text-sm font-medium">
          Email
        </label>
        <input
          id="login-email"
          name="email"
          type="email"
          required
          autoComplete="username"
          aria-invalid={invalid.email || undefined}
          aria-describedby={invalid.email && error ? "login-error" : undefined}
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2.5 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600"
        />
      </div>
      <div>
        <label htmlFor="login-password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-invalid={invalid.password || undefined}
          aria-describedby={invalid.password && error ? "login-error" : undefined}
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2.5 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600"
        />
      </div>
      {error && (
        <div id="login-error">
          <AuthMessage kind="error">{error}</AuthMessage>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Log in"}
      </Button>
      {withPasskey && (
        <>
          <p className="text-center text-xs text-muted">or</p>
          <Button variant="secondary" className="w-full" onClick={passkeyAlone} disabled={submitting}>
            Sign in with a passkey
          </Button>
        </>
      )}
    </form>
  );
}

/** Where a reset sends the person: the login page, saying their new password is in force. */
export const LOGIN_AFTER_RESET = "/admin/login?password=changed";

export default function AdminLogin() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get("redirectTo"));
  return (
    <AuthCard title="Admin login" intro="Staff only.">
      {searchParams.get("password") === "changed" && (
        <div className="mb-4">
          <AuthMessage kind="notice">Your password has been changed. Log in with your new password.</AuthMessage>
        </div>
      )}
      <LoginForm onSuccess={() => navigate(target, { replace: true })} />
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/forgot-password" className="font-medium text-brand underline-offset-2 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
