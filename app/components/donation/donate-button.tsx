import type { ButtonHTMLAttributes } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "../button";

/**
 * A button that opens the donation pop-up (DonationRoot listens for it), optionally with a preset
 * amount. Plain markup: it needs no island of its own.
 */
export function DonateButton({
  amount,
  ...rest
}: { amount?: number; variant?: ButtonVariant; size?: ButtonSize } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <Button data-donate={amount ?? ""} {...rest} />;
}
