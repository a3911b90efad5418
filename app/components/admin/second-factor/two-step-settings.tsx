import { format } from "date-fns/format";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { PasskeySummary, SecondFactorStatus } from "../../../../core/second-factor/second-factor.service";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { isCancelled, passkeysSupported, registerPasskey } from "../../../lib/passkeys";
import { Button } from "../../button";
import { confirmInToast } from "../confirm-toast";
import { TextInput } from "../form-controls";
import { QrCode } from "./qr-code";
import { RecoveryCodes } from "./recovery-codes";

/** Puts the cursor in a field, its text selected, so a wrong entry is typed over at once. */
function focusField(id: string) {
  const input = document.getElementById(id);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  }
}

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy");
const subheading = "text-base font-semibold text-ink";
const smallDanger =
  "rounded-full px-3 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-700/30 hover:bg-red-50 disabled:opacity-50";

function OnBadge({ on }: { on: boolean }) {
  const colours = on ? "bg-green-100 text-green-800 ring-green-600/20" : "bg-gray-100 text-gray-700 ring-gray-500/20";
  return (
    <span className={`ml-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours}`}>
      {on ? "On" : "Off"}
    </span>
  );
}

/** The secret grouped in fours, as people type it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Setting up the app: scan or type the secret, then confirm with a first code. */
function AppEnrolment({ onEnrolled, onCancel }: { onEnrolled: (codes?: string[]) => void; onCancel: () => void }) {
  const [setup, setSetup] = useState<{ secret: string; uri: string }>();
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<{ secret: string; uri: string }>("/api/admin/account/second-factor/totp", { method: "POST" })
      .then(setSetup)
      .catch((failure) => toast.error(errorMessage(failure, "The authenticator app could not be set up.")));
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setError("Enter the 6-digit code from the app.");
      focusField("totp-confirm-code");
      return;
    }
    setSaving(true);
    try {
      const result = await api<{ recoveryCodes?: string[] }>("/api/admin/account/second-factor/totp/confirm", {
        method: "POST",
        json: { code },
      });
      onEnrolled(result.recoveryCodes);
    } catch (failure) {
      setError(errorMessage(failure, "The code could not be checked. Please try again."));
      focusField("totp-confirm-code");
    } finally {
      setSaving(false);
    }
  }

  if (!setup) return <p className="text-sm text-muted">Preparing...</p>;
  return (
    <div className="mt-3 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QrCode value={setup.uri} label="QR code for your authenticator app" />
        <div>
          <p className="text-sm font-medium">Key for entering by hand</p>
          <p className="mt-1 break-all font-mono text-base" data-testid="totp-secret">
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="max-w-xs space-y-3">
        <TextInput
          id="totp-confirm-code"
          name="code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={error}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Checking..." : "Turn on"}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Turning the app off asks for the password or a current code. */
function AppDisable({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => focusField("totp-disable-proof"), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const proof = String(new FormData(event.currentTarget).get("proof") ?? "").trim();
    if (!proof) {
      setError("Enter your password or a code from the app.");
      return;
    }
    setSaving(true);
    try {
      const json = /^\d{6}$/.test(proof) ? { code: proof } : { password: proof };
      await api("/api/admin/account/second-factor/totp/disable", { method: "POST", json });
      toast.success("Authenticator app turned off.");
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, "It could not be turned off. Please try again."));
      focusField("totp-disable-proof");
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 max-w-xs space-y-3">
      <TextInput
        id="totp-disable-proof"
        name="proof"
        type="password"
        label="Your password, or a code from the app"
        autoComplete="current-password"
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          Turn off
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PasskeyList({ passkeys, onRemoved }: { passkeys: PasskeySummary[]; onRemoved: () => void }) {
  async function remove(passkey: PasskeySummary) {
    if (!(await confirmInToast({ message: "Remove this passkey?", detail: passkey.name, confirmLabel: "Remove" })))
      return;
    try {
      await api(`/api/admin/account/passkeys/${passkey.id}`, { method: "DELETE" });
      toast.success("Passkey removed.");
      onRemoved();
    } catch (failure) {
      toast.error(errorMessage(failure, "The passkey could not be removed."));
    }
  }
  if (passkeys.length === 0) return <p className="text-sm text-muted">No passkeys yet.</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <div>
            <p className="font-medium">{passkey.name}</p>
            <p className="text-sm text-muted">
              Added {when(passkey.createdAt)}
              {passkey.lastUsedAt ? ` · last used ${when(passkey.lastUsedAt)}` : " · not used yet"}
            </p>
          </div>
          <button type="button" className={smallDanger} onClick={() => remove(passkey)}>
            Remove<span className="sr-only"> {passkey.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function AddPasskey({ onAdded }: { onAdded: (codes?: string[]) => void }) {
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) {
      setError("Give the passkey a name, such as the device it is on.");
      focusField("passkey-name");
      return;
    }
    setSaving(true);
    setError("");
    try {
      const added = await registerPasskey<{ recoveryCodes?: string[] }>(name);
      form.reset();
      toast.success("Passkey added.");
      onAdded(added.recoveryCodes);
    } catch (failure) {
      if (isCancelled(failure)) setError("The passkey was not added: the prompt was closed.");
      else setError(errorMessage(failure, "The passkey could not be added. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  if (!passkeysSupported()) return <p className="text-sm text-muted">This browser cannot use passkeys.</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextInput
          id="passkey-name"
          name="name"
          label="Passkey name"
          hint="For example “Work laptop” or “Phone”."
          maxLength={60}
          error={error}
        />
      </div>
      <Button type="submit" className="sm:mt-7" disabled={saving}>
        {saving ? "Waiting..." : "Add a passkey"}
      </Button>
    </form>
  );
}

/**
 * The person's own second factors: authenticator app, passkeys, recovery codes. Used by the account
 * screen and by the set-up page a person is sent to when a second factor is required.
 */
export function TwoStepSettings({
  onChange,
  headingLevel = 3,
  requiredNote = true,
}: {
  onChange?: (status: SecondFactorStatus) => void;
  /** 3 inside a titled section (the account screen), 2 right under a page's title. */
  headingLevel?: 2 | 3;
  /** Whether to say that an Administrator requires it (the set-up page says so itself). */
  requiredNote?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const [status, setStatus] = useState<SecondFactorStatus>();
  const [mode, setMode] = useState<"idle" | "enrol" | "disable">("idle");
  const [codes, setCodes] = useState<string[]>();

  const load = useCallback(async () => {
    try {
      const loaded = await api<SecondFactorStatus>("/api/admin/account/second-factor");
      setStatus(loaded);
      onChange?.(loaded);
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 401))
        toast.error(errorMessage(failure, "Two-step verification could not be loaded."));
    }
  }, [onChange]);
  useEffect(() => {
    load();
  }, [load]);

  const added = (fresh?: string[]) => {
    setMode("idle");
    if (fresh) setCodes(fresh);
    load();
  };

  async function regenerate() {
    if (
      !(await confirmInToast({
        message: "Make new recovery codes?",
        detail: "The old ones stop working.",
        confirmLabel: "Make new codes",
      }))
    )
      return;
    try {
      setCodes(
        (await api<{ recoveryCodes: string[] }>("/api/admin/account/second-factor/recovery-codes", { method: "POST" }))
          .recoveryCodes,
      );
      load();
    } catch (failure) {
      toast.error(errorMessage(failure, "New recovery codes could not be made."));
    }
  }

  if (!status) return <p className="text-sm text-muted">Loading...</p>;
  const hasFactor = status.totp || status.passkeys.length > 0;
  return (
    <div className="space-y-6">
      {status.required && requiredNote && (
        <p className="rounded-lg bg-sand px-3 py-2 text-sm">
          An Administrator requires two-step verification for every account.
        </p>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />}

      <div>
        <Heading className={subheading}>
          Authenticator app
          <OnBadge on={status.totp} />
        </Heading>
        <p className="mt-1 text-sm text-muted">
          A 6-digit code from an app on your phone, asked for after your password.
        </p>
        {mode === "enrol" ? (
          <AppEnrolment onEnrolled={added} onCancel={() => setMode("idle")} />
        ) : mode === "disable" ? (
          <AppDisable onDone={added} onCancel={() => setMode("idle")} />
        ) : (
          <div className="mt-3">
            {status.totp ? (
              <Button variant="secondary" size="sm" onClick={() => setMode("disable")}>
                Turn off
              </Button>
            ) : (
              <Button size="sm" onClick={() => setMode("enrol")}>
                Set up an authenticator app
              </Button>
            )}
          </div>
        )}
      </div>

      <div>
        <Heading className={subheading}>Passkeys</Heading>
        <p className="mt-1 mb-3 text-sm text-muted">
          Your fingerprint, face or device PIN. A passkey works as the second step, or signs you in on its own, and
          cannot be used on a fake site.
        </p>
        <PasskeyList passkeys={status.passkeys} onRemoved={load} />
        <div className="mt-4">
          <AddPasskey onAdded={added} />
        </div>
      </div>

      {hasFactor && (
        <div>
          <Heading className={subheading}>Recovery codes</Heading>
          <p className="mt-1 text-sm text-muted">
            {status.recoveryCodesLeft} of 10 left. Each signs you in once when you have neither your phone nor your
            passkey.
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={regenerate}>
            Make new recovery codes
          </Button>
        </div>
      )}
    </div>
  );
}
