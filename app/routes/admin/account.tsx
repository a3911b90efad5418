import { useState } from "react";
import { PasswordSection } from "../../components/admin/account/password-section";
import { SessionsSection } from "../../components/admin/account/sessions-section";
import { TwoStepSection } from "../../components/admin/account/two-step-section";
import { adminMeta } from "../../lib/admin-meta";

export const meta = () => adminMeta("Your account");

/**
 * The signed-in person's own account, for every role. Each part is a section component
 * (app/components/admin/account/); a feature adds its section here.
 */
export default function Account() {
  // Changing the password ends the other sessions: the sessions list then reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">Your account</h1>
      <div className="mt-6 space-y-6">
        <PasswordSection onChanged={() => setSessionsVersion((v) => v + 1)} />
        <SessionsSection version={sessionsVersion} />
        <TwoStepSection />
      </div>
    </div>
  );
}
