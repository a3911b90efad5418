import { useCallback, useState } from "react";
import { redirect, useNavigate } from "react-router";
import type { SecondFactorStatus } from "../../../core/second-factor/second-factor.service";
import { TwoStepSettings } from "../../components/admin/second-factor/two-step-settings";
import { Button } from "../../components/button";
import { Logo } from "../../components/logo";
import { adminMeta } from "../../lib/admin-meta";
import { type AdminMe, clearAdminToken, getAdminToken, loginPath } from "../../lib/admin-session";
import { ApiError, api } from "../../lib/api-client";

export const meta = () => adminMeta("Set up two-step verification");

/** Only for a session that must set up a second factor; anyone else goes where they belong. */
export async function clientLoader() {
  if (!getAdminToken()) throw redirect(loginPath("/admin"));
  try {
    const me = await api<AdminMe>("/api/admin/me");
    if (!me.enrolmentRequired) throw redirect("/admin");
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearAdminToken();
      throw redirect(loginPath("/admin"));
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p className="p-8 text-muted">Loading...</p>;
}

/**
 * Where a person is taken at sign-in when an Administrator requires a second factor and their
 * account has none: the server lets their session do nothing else until they set one up.
 */
export default function TwoStepSetup() {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const onChange = useCallback((status: SecondFactorStatus) => {
    setReady(status.totp || status.passkeys.length > 0);
  }, []);

  async function logout() {
    try {
      await api("/api/admin/logout", { method: "POST" });
    } catch {
      // The token is dropped locally either way.
    }
    clearAdminToken();
    navigate("/admin/login", { replace: true });
  }

  return (
    <main className="min-h-screen bg-sand px-4 py-10">
      <div className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold">Set up two-step verification</h1>
        <p className="mt-1 text-sm text-muted">
          An Administrator requires a second step at sign-in for every account. Set up an authenticator app or a passkey
          to continue.
        </p>
        <div className="mt-6">
          <TwoStepSettings onChange={onChange} headingLevel={2} requiredNote={false} />
        </div>
        <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
          {ready && <Button onClick={() => navigate("/admin", { replace: true })}>Continue to the back office</Button>}
          <Button variant="secondary" onClick={logout}>
            Log out
          </Button>
        </div>
      </div>
    </main>
  );
}
