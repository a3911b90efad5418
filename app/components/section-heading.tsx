import type { ReactNode } from "react";

interface SectionHeadingProps {
  eyebrow?: string;
  title: string;
  /** id for aria-labelledby on the section. */
  id?: string;
  children?: ReactNode;
  align?: "left" | "center";
  tone?: "light" | "dark";
}

/** The heading block every public section opens with: a small eyebrow, an h2 and an optional lead. */
export function SectionHeading({ eyebrow, title, id, children, align = "left", tone = "light" }: SectionHeadingProps) {
  const center = align === "center" ? "mx-auto text-center" : "";
  const dark = tone === "dark";
  return (
    <div className={`max-w-2xl ${center}`}>
      {eyebrow && (
        <p className={`text-sm font-bold uppercase tracking-[0.18em] ${dark ? "text-amber-300" : "text-accent"}`}>
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl ${dark ? "text-white" : "text-brand-dark"}`}
      >
        {title}
      </h2>
      {children && <div className={`mt-4 text-lg ${dark ? "text-white/85" : "text-muted"}`}>{children}</div>}
    </div>
  );
}
