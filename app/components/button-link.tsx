import { Link, type LinkProps } from "react-router";
import { type ButtonStyleProps, buttonClasses } from "./button";

/** A link that looks like the Button. Uses the router's Link, so it is for pages, not islands. */
export function ButtonLink({ variant, size, className, ...rest }: ButtonStyleProps & LinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}
