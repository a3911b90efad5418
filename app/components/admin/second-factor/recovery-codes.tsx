import { copyWithToast } from "../../../lib/clipboard";
import { Button } from "../../button";

/** Fresh recovery codes, shown once: the person copies or writes them down, then says so. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div role="status" className="rounded-2xl border border-brand/30 bg-brand-light p-4">
      <p className="font-semibold text-ink">Save your recovery codes</p>
      <p className="mt-1 text-sm text-muted">
        Each code signs you in once if you lose your phone or passkey. Keep them somewhere safe: they are not shown
        again.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => copyWithToast(codes.join("\n"), "Recovery codes copied.")}>
          Copy codes
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
