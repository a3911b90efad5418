import { TwoStepSettings } from "../second-factor/two-step-settings";
import { AccountSection } from "./account-section";

/** The account screen's part for the second step at sign-in. */
export function TwoStepSection() {
  return (
    <AccountSection
      id="account-two-step"
      title="Two-step verification"
      description="After your password, sign-in asks for a second proof that it is you."
    >
      <TwoStepSettings />
    </AccountSection>
  );
}
