import type { ReactNode } from "react";
import { Logo } from "../logo";

/** The small centred card of the screens used before signing in: login, forgot and reset password. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-sand px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-sm">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** A form's outcome in the card: an error (announced at once) or a calm notice. */
export function AuthMessage({ kind, children }: { kind: "error" | "notice"; children: ReactNode }) {
  return kind === "error" ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
      {children}
    </p>
  );
}
