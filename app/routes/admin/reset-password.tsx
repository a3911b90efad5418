import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { RESET_LINK_ENDED_MESSAGE } from "../../../core/auth/password-reset.schema";
import { AuthCard, AuthMessage } from "../../components/admin/auth-card";
import { NewPasswordFields, newPasswordErrors } from "../../components/admin/new-password-fields";
import { Button, buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { LOGIN_AFTER_RESET } from "./login";

export const meta = () => adminMeta("Choose a new password");

const FAILED = "The password could not be changed. Please try again.";

type LinkState = { status: "checking" } | { status: "live"; token: string; email: string } | { status: "ended" };

/** Where the e-mailed link leads; the token is the URL fragment, which no server ever sees. */
export default function ResetPassword() {
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ status: "checking" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    // Out of the address bar (and so out of history and screenshots) once read.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token) {
      setLink({ status: "ended" });
      return;
    }
    api<{ email: string }>("/api/admin/password-reset/check", { method: "POST", json: { token } })
      .then(({ email }) => setLink({ status: "live", token, email }))
      .catch((failure) => {
        if (failure instanceof ApiError && failure.status === 410) setLink({ status: "ended" });
        else setError(errorMessage(failure, FAILED));
      });
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (link.status !== "live") return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const found = newPasswordErrors("password", form);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSubmitting(true);
    setErrors({});
    setError("");
    try {
      await api("/api/admin/password-reset/complete", { method: "POST", json: { token: link.token, password } });
      navigate(LOGIN_AFTER_RESET, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 410) setLink({ status: "ended" });
      else if (failure instanceof ApiError && failure.fields.password) setErrors({ password: failure.fields.password });
      else setError(errorMessage(failure, FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  if (link.status === "ended") {
    return (
      <AuthCard title="Choose a new password">
        <AuthMessage kind="error">{RESET_LINK_ENDED_MESSAGE}</AuthMessage>
        <Link to="/admin/forgot-password" className={buttonClasses("primary", "md", "mt-4 w-full")}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro={link.status === "live" ? `For ${link.email}. Every device signed in to it will be signed out.` : undefined}
    >
      {link.status === "checking" && !error && <p className="text-sm text-muted">Checking the link...</p>}
      {link.status === "live" && (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {/* Lets password managers file the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={link.email} />
          <NewPasswordFields name="password" errors={errors} />
          {error && <AuthMessage kind="error">{error}</AuthMessage>}
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Saving..." : "Set new password"}
          </Button>
        </form>
      )}
      {link.status === "checking" && error && <AuthMessage kind="error">{error}</AuthMessage>}
    </AuthCard>
  );
}
