import type { ReactNode } from "react";

/** The banner that opens an inner public page: eyebrow, the page's h1 and a lead paragraph. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="on-dark relative overflow-hidden bg-brand-dark text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 h-80 w-80 rounded-full bg-brand opacity-70" />
      <div aria-hidden="true" className="absolute top-16 right-24 h-40 w-40 rounded-full bg-amber-300/25" />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <p className="text-sm font-bold uppercase tracking-[0.18em] text-amber-300">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-lg text-white/85">{children}</div>}
      </div>
      <div aria-hidden="true" className="tibeb-band h-3" />
    </header>
  );
}
