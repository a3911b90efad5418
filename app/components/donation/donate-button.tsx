import type { AnchorHTMLAttributes } from "react";
import { useI18n } from "../../i18n/i18n";
import { useCameFrom } from "../../lib/came-from";
import { donateHref } from "../../lib/donate-link";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "../button";

/**
 * A donate button, optionally with a preset amount: a link to the donation page (/donate) that the
 * pop-up's island turns into a button opening the pop-up once it runs (DonationRoot listens for
 * `data-donate`). Plain markup: it needs no island of its own.
 */
export function DonateButton({
  amount,
  variant,
  size,
  className,
  ...rest
}: { amount?: number; variant?: ButtonVariant; size?: ButtonSize } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { path } = useI18n();
  const cameFrom = useCameFrom();
  return (
    <a
      href={path(donateHref(amount, null, cameFrom))}
      data-donate={amount ?? ""}
      className={buttonClasses(variant, size, className)}
      {...rest}
    />
  );
}
