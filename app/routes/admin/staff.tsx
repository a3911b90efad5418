import { format } from "date-fns/format";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../core/access/roles";
import type { InvitationSent, PendingInvitation, StaffMember, StaffOverview } from "../../../core/staff/staff.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { Field, focusFirstError, TextInput } from "../../components/admin/form-controls";
import { RequireSecondFactor } from "../../components/admin/second-factor/require-second-factor";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";
import { useStaffMember } from "../../lib/use-staff-member";

export const meta = () => adminMeta("Staff");

const control = "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-ink";
const smallButton =
  "rounded-full px-3 py-1 text-sm font-semibold ring-1 disabled:cursor-not-allowed disabled:opacity-50";
const neutralButton = `${smallButton} text-brand ring-brand/30 hover:bg-brand-light`;
const dangerButton = `${smallButton} text-red-700 ring-red-700/30 hover:bg-red-50`;
const when = (iso: string) => format(new Date(iso), "MMM d, yyyy, HH:mm");

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

function StatusBadge({ member }: { member: StaffMember }) {
  const active = member.status === "active";
  const colours = active
    ? "bg-green-100 text-green-800 ring-green-600/20"
    : "bg-gray-100 text-gray-700 ring-gray-500/20";
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours}`}>
      {active ? "Active" : "Deactivated"}
    </span>
  );
}

/** The link the Administrator passes on by hand when the site cannot send e-mail. */
function InvitationLink({ sent, onDone }: { sent: InvitationSent & { link: string }; onDone: () => void }) {
  return (
    <div role="status" className="mt-4 rounded-2xl border border-brand/30 bg-brand-light p-4">
      <p className="font-semibold text-ink">Send this link to {sent.invitation.email}</p>
      <p className="mt-1 text-sm text-muted">
        This site does not send e-mail, so pass the link on yourself. It works once, for 72 hours, and is not shown
        again.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="invitation-link" className="sr-only">
          Invitation link
        </label>
        <input
          id="invitation-link"
          readOnly
          value={sent.link}
          onFocus={(event) => event.currentTarget.select()}
          className={`${control} font-mono text-sm`}
        />
        <div className="flex shrink-0 gap-2">
          <Button size="sm" onClick={() => copyWithToast(sent.link, "Invitation link copied.")}>
            Copy link
          </Button>
          <Button size="sm" variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </div>
  );
}

function InviteForm({ onSent }: { onSent: (sent: InvitationSent) => void }) {
  const [role, setRole] = useState<StaffRole | "">("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    setSending(true);
    setErrors({});
    try {
      const sent = await api<InvitationSent>("/api/admin/staff/invitations", { method: "POST", json: { email, role } });
      form.reset();
      setRole("");
      onSent(sent);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstError(form, fields);
      } else {
        toast.error(errorMessage(error, "The invitation could not be sent. Please try again."));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="invite-title"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="invite-title" className="text-lg font-bold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-muted">They get a link to choose their name and password.</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <TextInput id="invite-email" name="email" type="email" label="E-mail" autoComplete="off" error={errors.email} />
        <Field
          id="invite-role"
          label="Role"
          error={errors.role}
          hint={role ? ROLE_DESCRIPTIONS[role] : "Choose what they may do."}
        >
          {(describedBy) => (
            <select
              id="invite-role"
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as StaffRole | "")}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={describedBy}
              className={`mt-1 ${control} aria-invalid:border-red-600`}
            >
              <option value="">Choose a role</option>
              <RoleOptions />
            </select>
          )}
        </Field>
      </div>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3">
        {STAFF_ROLES.map((r) => (
          <div key={r} className="rounded-lg bg-gray-50 px-3 py-2">
            <dt className="font-semibold text-ink">{ROLE_LABELS[r]}</dt>
            <dd className="text-muted">{ROLE_DESCRIPTIONS[r]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Send invitation"}
        </Button>
      </div>
    </form>
  );
}

function PeopleTable({
  staff,
  myEmail,
  onChanged,
}: {
  staff: StaffMember[];
  myEmail: string;
  onChanged: (member: StaffMember) => void;
}) {
  async function changeRole(member: StaffMember, role: StaffRole) {
    try {
      const updated = await api<StaffMember>(`/api/admin/staff/${member.id}/role`, { method: "PUT", json: { role } });
      onChanged(updated);
      toast.success(`${member.name || member.email} is now ${ROLE_LABELS[role]}.`);
    } catch (error) {
      // The select shows the role the server still holds: its value comes from `member`.
      toast.error(errorMessage(error, "The role could not be changed. Please try again."));
    }
  }

  async function setActive(member: StaffMember, active: boolean) {
    const who = member.name || member.email;
    const confirmed = await confirmInToast(
      active
        ? { message: `Reactivate ${who}?`, detail: "They can sign in again.", confirmLabel: "Reactivate" }
        : {
            message: `Deactivate ${who}?`,
            detail: "They are signed out at once and cannot sign in until reactivated.",
            confirmLabel: "Deactivate",
          },
    );
    if (!confirmed) return;
    try {
      const action = active ? "reactivate" : "deactivate";
      onChanged(await api<StaffMember>(`/api/admin/staff/${member.id}/${action}`, { method: "POST" }));
      toast.success(active ? `${who} can sign in again.` : `${who} is deactivated.`);
    } catch (error) {
      toast.error(errorMessage(error, "That did not work. Please try again."));
    }
  }

  return (
    <div className="mt-3 overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="hidden bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3">
              Person
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="hidden px-4 py-3 md:table-cell">
              Status
            </th>
            <th scope="col" className="hidden px-4 py-3 lg:table-cell">
              Last sign-in
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {staff.map((member) => {
            const me = member.email === myEmail;
            const label = member.name || member.email;
            return (
              // Below md each row stacks: the person, then their role and action side by side.
              <tr
                key={member.id}
                className={`block py-2 md:table-row md:py-0 ${member.status === "deactivated" ? "bg-gray-50" : ""}`}
              >
                <td className="block px-4 py-1 md:table-cell md:py-3">
                  <span className="block break-all font-medium text-ink">
                    {member.name || member.email}
                    {me && <span className="ml-1 text-xs font-normal text-muted">(you)</span>}
                  </span>
                  {member.name && <span className="block break-all text-muted">{member.email}</span>}
                  <span className="mt-1 block md:hidden">
                    <StatusBadge member={member} />
                  </span>
                </td>
                <td className="inline-block px-4 py-1 md:table-cell md:py-3">
                  <label htmlFor={`role-${member.id}`} className="sr-only">
                    Role of {label}
                  </label>
                  <select
                    id={`role-${member.id}`}
                    value={member.role}
                    onChange={(event) => changeRole(member, event.target.value as StaffRole)}
                    className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-ink"
                  >
                    <RoleOptions />
                  </select>
                </td>
                <td className="hidden px-4 py-3 md:table-cell">
                  <StatusBadge member={member} />
                </td>
                <td className="hidden whitespace-nowrap px-4 py-3 lg:table-cell">
                  {member.lastSignInAt ? when(member.lastSignInAt) : "Never"}
                </td>
                <td className="inline-block py-1 md:table-cell md:px-4 md:py-3 md:text-right">
                  {member.status === "active" ? (
                    <button
                      type="button"
                      disabled={me}
                      title={me ? "You cannot deactivate your own account." : undefined}
                      onClick={() => setActive(member, false)}
                      aria-label={`Deactivate ${label}`}
                      className={dangerButton}
                    >
                      Deactivate
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setActive(member, true)}
                      aria-label={`Reactivate ${label}`}
                      className={neutralButton}
                    >
                      Reactivate
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function InvitationsTable({
  invitations,
  onResent,
  onRevoked,
}: {
  invitations: PendingInvitation[];
  onResent: (sent: InvitationSent) => void;
  onRevoked: (id: string) => void;
}) {
  async function resend(invitation: PendingInvitation) {
    try {
      const sent = await api<InvitationSent>(`/api/admin/staff/invitations/${invitation.id}/resend`, {
        method: "POST",
      });
      onResent(sent);
      if (sent.emailed) toast.success(`A new link was sent to ${invitation.email}.`);
    } catch (error) {
      toast.error(errorMessage(error, "The invitation could not be resent. Please try again."));
    }
  }

  async function revoke(invitation: PendingInvitation) {
    const confirmed = await confirmInToast({
      message: "Revoke this invitation?",
      detail: `${invitation.email}: the link stops working.`,
      confirmLabel: "Revoke",
    });
    if (!confirmed) return;
    try {
      await api(`/api/admin/staff/invitations/${invitation.id}`, { method: "DELETE" });
      onRevoked(invitation.id);
      toast.success("Invitation revoked.");
    } catch (error) {
      toast.error(errorMessage(error, "The invitation could not be revoked. Please try again."));
    }
  }

  return (
    <ul className="mt-3 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white shadow-sm">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
          <div className="min-w-0">
            <p className="break-all font-medium text-ink">{invitation.email}</p>
            <p className="text-muted">
              {ROLE_LABELS[invitation.role]} ·{" "}
              {invitation.expired ? (
                <span className="font-semibold text-red-700">Expired {when(invitation.expiresAt)}</span>
              ) : (
                <>
                  Sent {when(invitation.sentAt)}, expires {when(invitation.expiresAt)}
                </>
              )}
            </p>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => resend(invitation)}
              aria-label={`Resend the invitation to ${invitation.email}`}
              className={neutralButton}
            >
              Resend
            </button>
            <button
              type="button"
              onClick={() => revoke(invitation)}
              aria-label={`Revoke the invitation to ${invitation.email}`}
              className={dangerButton}
            >
              Revoke
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function AdminStaff() {
  const { email: myEmail } = useStaffMember();
  const [overview, setOverview] = useState<StaffOverview | null>(null);
  const [linkToPass, setLinkToPass] = useState<(InvitationSent & { link: string }) | null>(null);

  const load = useCallback(
    () =>
      api<StaffOverview>("/api/admin/staff")
        .then(setOverview)
        .catch(() => toast.error("Failed to fetch staff.")),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  function sent(result: InvitationSent) {
    if (result.link) setLinkToPass({ ...result, link: result.link });
    else {
      setLinkToPass(null);
      toast.success(`Invitation e-mailed to ${result.invitation.email}.`);
    }
    setOverview(
      (current) =>
        current && {
          ...current,
          invitations: [result.invitation, ...current.invitations.filter((i) => i.id !== result.invitation.id)],
        },
    );
  }

  const changed = (member: StaffMember) =>
    setOverview(
      (current) => current && { ...current, staff: current.staff.map((m) => (m.id === member.id ? member : m)) },
    );

  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">Staff</h1>
      <p className="mt-1 text-muted">Everyone who can sign in to the back office, and what each may do.</p>
      {overview === null ? (
        <p className="mt-8 text-muted">Loading staff...</p>
      ) : (
        <>
          <div className="mt-6">
            <InviteForm onSent={sent} />
            {linkToPass && <InvitationLink sent={linkToPass} onDone={() => setLinkToPass(null)} />}
          </div>

          <h2 className="mt-8 text-lg font-bold">People ({overview.staff.length})</h2>
          <PeopleTable staff={overview.staff} myEmail={myEmail} onChanged={changed} />

          <h2 className="mt-8 text-lg font-bold">Pending invitations ({overview.invitations.length})</h2>
          {overview.invitations.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No invitations are waiting.</p>
          ) : (
            <InvitationsTable
              invitations={overview.invitations}
              onResent={sent}
              onRevoked={(id) =>
                setOverview(
                  (current) => current && { ...current, invitations: current.invitations.filter((i) => i.id !== id) },
                )
              }
            />
          )}

          <div className="mt-8">
            <RequireSecondFactor />
          </div>
        </>
      )}
    </div>
  );
}
