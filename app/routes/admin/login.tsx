import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LOGIN_FAILED_MESSAGE, LOGIN_REQUIRED_MESSAGE, type LoginResult } from "../../../core/auth/auth.schema";
import { Button } from "../../components/button";
import { Logo } from "../../components/logo";
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
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Log in"}
      </Button>
    </form>
  );
}

export default function AdminLogin() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get("redirectTo"));
  return (
    <main className="flex min-h-screen items-center justify-center bg-sand px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-sm">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold">Admin login</h1>
        <p className="mt-1 text-sm text-muted">Staff only.</p>
        <div className="mt-6">
          <LoginForm onSuccess={() => navigate(target, { replace: true })} />
        </div>
      </div>
    </main>
  );
}
