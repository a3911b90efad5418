import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white hover:bg-accent-dark",
  secondary: "border-2 border-brand bg-white text-brand hover:bg-brand-light",
};
const sizes: Record<ButtonSize, string> = {
  sm: "px-4 py-1.5 text-sm",
  md: "px-5 py-2.5 text-base",
  lg: "px-7 py-3.5 text-lg",
};

export const buttonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") =>
  `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The reusable button (spec §1): primary/secondary, sm/md/lg, faded when disabled. */
export function Button({
  variant,
  size,
  className,
  type = "button",
  ...rest
}: ButtonStyleProps & ComponentProps<"button">) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}
