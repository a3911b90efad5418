import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { RESET_EMAIL_MESSAGE } from "../../../core/auth/password-reset.schema";
import { AuthCard, AuthMessage } from "../../components/admin/auth-card";
import { TextInput } from "../../components/admin/form-controls";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";

export const meta = () => adminMeta("Forgot password");

const FAILED = "The request could not be sent. Please try again.";

/** Asks for a reset link by e-mail (core/auth/password-reset.service.ts). */
export default function ForgotPassword() {
  const [sent, setSent] = useState("");
  const [error, setError] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      setFieldError(RESET_EMAIL_MESSAGE);
      return;
    }
    setSubmitting(true);
    setError("");
    setFieldError("");
    try {
      const answer = await api<{ message: string }>("/api/admin/password-reset", { method: "POST", json: { email } });
      setSent(answer.message);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.email) setFieldError(failure.fields.email);
      else setError(errorMessage(failure, FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Forgot password" intro="We will e-mail you a link to choose a new one.">
      {sent ? (
        <AuthMessage kind="notice">{sent}</AuthMessage>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextInput
            id="forgot-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="username"
            error={fieldError}
          />
          {error && <AuthMessage kind="error">{error}</AuthMessage>}
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/login" className="font-medium text-brand underline-offset-2 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
