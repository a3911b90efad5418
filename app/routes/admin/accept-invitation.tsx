import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "../../../core/access/roles";
import { PASSWORD_MIN_LENGTH } from "../../../core/auth/auth.schema";
import { INVITATION_UNUSABLE_MESSAGE, type InvitationDetails } from "../../../core/staff/staff.schema";
import { focusFirstError, TextInput } from "../../components/admin/form-controls";
import { Button, buttonClasses } from "../../components/button";
import { Logo } from "../../components/logo";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";

export const meta = () => adminMeta("Accept invitation");

type State =
  | { step: "checking" }
  | { step: "unusable"; message: string }
  | { step: "form"; token: string; invitation: InvitationDetails }
  | { step: "done"; invitation: InvitationDetails };

/**
 * The public page an invitation link opens: the invitee chooses a name and password. The link's
 * token is the URL fragment (core/staff/staff.service.ts), which only this page's script reads.
 */
export default function AcceptInvitation() {
  const [state, setState] = useState<State>({ step: "checking" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (!token) {
      setState({ step: "unusable", message: INVITATION_UNUSABLE_MESSAGE });
      return;
    }
    api<InvitationDetails>("/api/admin/invitations/check", { method: "POST", json: { token } })
      .then((invitation) => setState({ step: "form", token, invitation }))
      .catch((error) =>
        setState({
          step: "unusable",
          message:
            error instanceof ApiError && error.status === 404
              ? INVITATION_UNUSABLE_MESSAGE
              : errorMessage(error, "The invitation could not be checked. Please reload the page."),
        }),
      );
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>, token: string, invitation: InvitationDetails) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "");
    const password = String(data.get("password") ?? "");
    setSaving(true);
    setErrors({});
    try {
      await api("/api/admin/invitations/accept", { method: "POST", json: { token, name, password } });
      setState({ step: "done", invitation });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstError(form, fields);
      } else if (error instanceof ApiError && error.status === 404) {
        setState({ step: "unusable", message: INVITATION_UNUSABLE_MESSAGE });
      } else {
        setErrors({ _form: errorMessage(error, "Your account could not be created. Please try again.") });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-sand px-4 py-8">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <Logo />
        {state.step === "checking" && <p className="mt-6 text-muted">Checking your invitation...</p>}

        {state.step === "unusable" && (
          <>
            <h1 className="mt-6 text-2xl font-bold">This invitation link no longer works</h1>
            <p className="mt-2 text-muted">{state.message}</p>
            <Link to="/admin/login" className={buttonClasses("secondary", "md", "mt-6")}>
              Go to the login page
            </Link>
          </>
        )}

        {state.step === "form" && (
          <>
            <h1 className="mt-6 text-2xl font-bold">Join the back office</h1>
            <p className="mt-2 text-muted">
              You are invited as <strong className="text-ink">{ROLE_LABELS[state.invitation.role]}</strong>:{" "}
              {ROLE_DESCRIPTIONS[state.invitation.role]}
            </p>
            <form
              onSubmit={(event) => submit(event, state.token, state.invitation)}
              noValidate
              className="mt-6 space-y-4"
            >
              <TextInput
                id="accept-email"
                label="E-mail"
                type="email"
                value={state.invitation.email}
                readOnly
                autoComplete="username"
                hint="You sign in with this address."
              />
              <TextInput id="accept-name" name="name" label="Your name" autoComplete="name" error={errors.name} />
              <TextInput
                id="accept-password"
                name="password"
                type="password"
                label="Password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
                error={errors.password}
              />
              {errors._form && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  {errors._form}
                </p>
              )}
              <Button type="submit" className="w-full" disabled={saving}>
                {saving ? "Creating your account..." : "Create my account"}
              </Button>
            </form>
          </>
        )}

        {state.step === "done" && (
          <>
            <h1 className="mt-6 text-2xl font-bold">Your account is ready</h1>
            <p className="mt-2 text-muted">Log in with {state.invitation.email} and the password you just chose.</p>
            <Link to="/admin/login" className={buttonClasses("primary", "md", "mt-6 w-full")}>
              Log in
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
