import { format } from "date-fns/format";
import { formatDistanceStrict } from "date-fns/formatDistanceStrict";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import type { AccountSession } from "../../../../core/auth/account.service";
import { clearAdminToken } from "../../../lib/admin-session";
import { api, errorMessage } from "../../../lib/api-client";
import { confirmInToast } from "../confirm-toast";
import { AccountSection } from "./account-section";

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy, HH:mm");
const ago = (iso: string, now: Date) =>
  now.getTime() - Date.parse(iso) < 60_000 ? "just now" : `${formatDistanceStrict(new Date(iso), now)} ago`;

/** Where the person is signed in; any session can be ended, this one too (which signs out here). */
export function SessionsSection({ version }: { version: number }) {
  const navigate = useNavigate();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a fresh list after a change elsewhere on the page.
  useEffect(() => {
    api<AccountSession[]>("/api/admin/account/sessions")
      .then(setSessions)
      .catch(() => {
        toast.error("Failed to fetch your sessions.");
        setSessions([]);
      });
  }, [version]);

  async function end(session: AccountSession) {
    if (
      session.current &&
      !(await confirmInToast({ message: "End this session? You will be signed out here.", confirmLabel: "Sign out" }))
    ) {
      return;
    }
    setEnding(session.id);
    try {
      await api(`/api/admin/account/sessions/${session.id}`, { method: "DELETE" });
      if (session.current) {
        clearAdminToken();
        navigate("/admin/login", { replace: true });
        return;
      }
      setSessions((list) => list?.filter((s) => s.id !== session.id) ?? null);
      toast.success(`Signed out ${session.device}.`);
    } catch (failure) {
      toast.error(errorMessage(failure, "The session could not be ended. Please try again."));
    } finally {
      setEnding(null);
    }
  }

  const now = new Date();
  return (
    <AccountSection
      id="account-sessions"
      title="Where you are signed in"
      description="If you do not recognise a session, end it and change your password."
    >
      {sessions === null ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-muted">
                  {session.ip || "Address unknown"} · Signed in {when(session.signedInAt)} · Last seen{" "}
                  {session.current ? "now" : ago(session.lastSeenAt, now)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => end(session)}
                disabled={ending !== null}
                aria-label={`${session.current ? "Sign out" : "End session"}: ${session.device}${session.current ? " (this device)" : ""}`}
                className="rounded-full px-4 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-700/30 hover:bg-red-50 disabled:opacity-50"
              >
                {session.current ? "Sign out" : "End session"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
