import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import type { Breach } from "../../../core/personal-data/breaches.service";
import { PERSONAL_DATA_KINDS } from "../../../core/personal-data/personal-data.registry";
import { focusFirstError, TextArea, TextInput } from "../../components/admin/form-controls";
import { Modal } from "../../components/admin/modal";
import { PrivacyTabs } from "../../components/admin/privacy/privacy-tabs";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { formatInstantDateTime } from "../../lib/dates";

export const meta = () => adminMeta("Breach register");

const AUTHORITY = "the Ethiopian Communications Authority";
const MINUTE = 60_000;

/** "41 h 12 min left", or "overdue by 3 h 5 min". */
function countdown(notifyBy: string, now: number): string {
  const left = new Date(notifyBy).getTime() - now;
  const minutes = Math.floor(Math.abs(left) / MINUTE);
  const span = `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return left >= 0 ? `${span} left` : `overdue by ${span}`;
}

const EMPTY = { description: "", foundAt: "", affected: "", kinds: [] as string[] };

/**
 * Admin → Privacy → Breaches (Administrators): record a suspected breach, see the 72 hours to tell
 * the authority run down, and whom to inform (docs/decisions/0680).
 */
export default function AdminPrivacyBreaches() {
  const [breaches, setBreaches] = useState<Breach[] | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [people, setPeople] = useState<Record<string, string[]>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState<Breach | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    api<{ breaches: Breach[] }>("/api/admin/breaches")
      .then((body) => setBreaches(body.breaches))
      .catch(() => {
        toast.error("Failed to load the breach register.");
        setBreaches([]);
      });
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);

  const replace = (breach: Breach) =>
    setBreaches((current) => [breach, ...(current ?? []).filter((b) => b.id !== breach.id)]);

  async function record(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const breach = await api<Breach>("/api/admin/breaches", { method: "POST", json: form });
      replace(breach);
      setForm(EMPTY);
      toast.success("Breach recorded.");
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      focusFirstError(formRef.current, fields);
      toast.error(
        Object.keys(fields).length > 0 ? "Please correct the marked fields." : "Failed to record the breach.",
      );
    } finally {
      setSaving(false);
    }
  }

  async function mark(breach: Breach, step: "authorityNotified" | "peopleInformed") {
    try {
      replace(await api<Breach>(`/api/admin/breaches/${breach.id}`, { method: "PUT", json: { [step]: true } }));
      toast.success("Saved.");
    } catch {
      toast.error("Failed to save.");
    }
  }

  /** The letter to the people affected is written in the newsletter editor (docs/decisions/0861). */
  async function writeLetter(breach: Breach) {
    try {
      const { newsletterId } = await api<{ newsletterId: string }>(`/api/admin/breaches/${breach.id}/letter`, {
        method: "POST",
      });
      navigate(`/admin/newsletters/${newsletterId}`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not start the e-mail."));
    }
  }

  async function sendLetter(breach: Breach) {
    try {
      replace(await api<Breach>(`/api/admin/breaches/${breach.id}/inform`, { method: "POST" }));
      toast.success(`The e-mail is on its way to ${breach.people} ${breach.people === 1 ? "person" : "people"}.`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not send the e-mail."));
    } finally {
      setSending(null);
    }
  }

  async function showPeople(breach: Breach) {
    try {
      const body = await api<{ emails: string[] }>(`/api/admin/breaches/${breach.id}/people`);
      setPeople((current) => ({ ...current, [breach.id]: body.emails }));
    } catch {
      toast.error("Failed to load the people to inform.");
    }
  }

  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">Privacy</h1>
      <PrivacyTabs />
      <h2 className="mt-6 text-xl font-bold">Breach register</h2>
      <p className="mt-2 text-muted">
        When personal data may have been lost, stolen or seen by someone who should not see it, record it here at once:
        {` ${AUTHORITY}`} must be told within 72 hours of finding out, and the people affected informed.
      </p>

      <form ref={formRef} onSubmit={record} noValidate className="mt-6 space-y-4 rounded-2xl border bg-white p-4">
        <h3 className="text-lg font-semibold">Record a suspected breach</h3>
        <TextArea
          id="breach-description"
          name="description"
          label="What happened"
          rows={3}
          required
          value={form.description}
          error={errors.description}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
        <TextInput
          id="breach-found"
          name="foundAt"
          label="When it was found (Addis Ababa time)"
          type="datetime-local"
          required
          value={form.foundAt}
          error={errors.foundAt}
          onChange={(event) => setForm({ ...form, foundAt: event.target.value })}
        />
        <TextArea
          id="breach-affected"
          name="affected"
          label="Who is affected"
          rows={2}
          required
          value={form.affected}
          error={errors.affected}
          onChange={(event) => setForm({ ...form, affected: event.target.value })}
        />
        <fieldset>
          <legend className="text-sm font-semibold">Kinds of data involved</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PERSONAL_DATA_KINDS.map((kind) => (
              <label key={kind.id} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={form.kinds.includes(kind.id)}
                  onChange={(event) =>
                    setForm({
                      ...form,
                      kinds: event.target.checked
                        ? [...form.kinds, kind.id]
                        : form.kinds.filter((id) => id !== kind.id),
                    })
                  }
                />
                <span>{kind.label.en}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Record breach"}
        </Button>
      </form>

      {breaches === null ? (
        <p className="mt-8 text-muted">Loading...</p>
      ) : breaches.length === 0 ? (
        <p className="mt-8 text-muted">No breaches recorded.</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {breaches.map((breach) => (
            <li key={breach.id} className="rounded-2xl border border-gray-200 bg-white p-4">
              <h3 className="font-semibold">Found {formatInstantDateTime(breach.foundAt)}</h3>
              <p className="mt-1 whitespace-pre-line">{breach.description}</p>
              <p className="mt-1 text-sm text-muted">Affected: {breach.affected}</p>
              <p className="mt-3 font-semibold" data-testid="breach-authority">
                {breach.authorityNotifiedAt
                  ? `Authority told ${formatInstantDateTime(breach.authorityNotifiedAt)}.`
                  : `Tell ${AUTHORITY} by ${formatInstantDateTime(breach.notifyBy)}: ${countdown(breach.notifyBy, now)}.`}
              </p>
              <p className="mt-1">
                {breach.peopleInformedAt
                  ? `People informed ${formatInstantDateTime(breach.peopleInformedAt)}.`
                  : `People to inform: ${breach.people}.`}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {!breach.authorityNotifiedAt && (
                  <Button type="button" size="sm" onClick={() => mark(breach, "authorityNotified")}>
                    Mark authority told
                  </Button>
                )}
                {!breach.peopleInformedAt && !breach.newsletterId && (
                  <Button type="button" size="sm" variant="secondary" onClick={() => writeLetter(breach)}>
                    Write to the people affected
                  </Button>
                )}
                {!breach.peopleInformedAt && breach.newsletterId && (
                  <>
                    <Link
                      to={`/admin/newsletters/${breach.newsletterId}`}
                      className="inline-flex items-center rounded-full px-4 py-1.5 text-sm font-semibold text-brand ring-1 ring-brand/30 hover:bg-brand-light"
                    >
                      Edit the e-mail
                    </Link>
                    <Button type="button" size="sm" onClick={() => setSending(breach)}>
                      Send the e-mail to the people affected
                    </Button>
                  </>
                )}
                {!breach.peopleInformedAt && (
                  <Button type="button" size="sm" variant="secondary" onClick={() => mark(breach, "peopleInformed")}>
                    Mark people informed
                  </Button>
                )}
                <Button type="button" size="sm" variant="secondary" onClick={() => showPeople(breach)}>
                  Show the people to inform
                </Button>
              </div>
              {people[breach.id] && (
                <div className="mt-3">
                  <label htmlFor={`people-${breach.id}`} className="text-sm font-semibold">
                    Their addresses ({people[breach.id]?.length})
                  </label>
                  <textarea
                    id={`people-${breach.id}`}
                    readOnly
                    rows={4}
                    value={people[breach.id]?.join(", ")}
                    className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {sending && (
        <Modal
          title="Send the e-mail to the people affected?"
          onClose={() => setSending(null)}
          initialFocusRef={keepRef}
          describedBy="breach-send-question"
          footer={
            <>
              <button
                ref={keepRef}
                type="button"
                onClick={() => setSending(null)}
                className="rounded-full px-5 py-2 font-semibold ring-1 ring-black/15 hover:bg-sand"
              >
                Cancel
              </button>
              <Button type="button" onClick={() => sendLetter(sending)}>
                Send to {sending.people} {sending.people === 1 ? "person" : "people"}
              </Button>
            </>
          }
        >
          <p id="breach-send-question">
            The e-mail written in the newsletter editor goes now to each of the {sending.people} addresses the kinds of
            data involved hold, one message each, and the people are marked informed. It cannot be sent twice.
          </p>
        </Modal>
      )}
    </div>
  );
}
