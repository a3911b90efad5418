import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LOGIN_FAILED_MESSAGE, LOGIN_REQUIRED_MESSAGE, type LoginResult } from "../../../core/auth/auth.schema";
import { AuthCard, AuthMessage } from "../../components/admin/auth-card";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { safeRedirectTarget, setAdminToken } from "../../lib/admin-session";
import { ApiError, api } from "../../lib/api-client";

export const meta = () => adminMeta("Login");

/** Logs in and stores the token; used by the login page and by the "session expired" dialog. */
export async function logIn(email: string, password: string): Promise<LoginResult> {
  const result = await api<LoginResult>("/api/admin/login", { method: "POST", json: { email, password } });
  setAdminToken(result.token);
  return result;
}

export function loginFailureMessage(error: unknown): string {
  // Throttling has its own clear message; every other failure reads the same (spec §8 Login).
  return error instanceof ApiError && error.status === 429 ? error.message : LOGIN_FAILED_MESSAGE;
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError(LOGIN_REQUIRED_MESSAGE);
      return;
    }
    setSubmitting(true);
    setError("");
    try {
      await logIn(email, password);
      onSuccess();
    } catch (failure) {
      setError(loginFailureMessage(failure));
    } finally {
      setSubmitting(false);
    }
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
          autoComplete="username"
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2.5"
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
          autoComplete="current-password"
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2.5"
        />
      </div>
      {error && <AuthMessage kind="error">{error}</AuthMessage>}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Log in"}
      </Button>
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
