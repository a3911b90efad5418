import { Link, type LinkProps } from "react-router";
import { useI18n } from "../i18n/i18n";
import { type ButtonStyleProps, buttonClasses } from "./button";

/**
 * A link that looks like the Button. Uses the router's Link, so it is for pages, not islands. A
 * site path gets the page's language (`/about` is `/am/about` on an Amharic page).
 */
export function ButtonLink({ variant, size, className, to, ...rest }: ButtonStyleProps & LinkProps) {
  const { path } = useI18n();
  return (
    <Link className={buttonClasses(variant, size, className)} to={typeof to === "string" ? path(to) : to} {...rest} />
  );
}
