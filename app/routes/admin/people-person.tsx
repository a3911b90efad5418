import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link, useParams } from "react-router";
import { mayOpen } from "../../../core/access/admin-screens";
import { formatMoney } from "../../../core/money/money";
import type { ErasureSummary, PersonDetail, PersonExportState } from "../../../core/people/people.schema";
import { Modal } from "../../components/admin/modal";
import { KIND_LABELS } from "../../components/admin/people/kind-labels";
import { useStaffRole } from "../../components/admin/use-staff-role";
import { adminMeta } from "../../lib/admin-meta";
import { api, errorMessage } from "../../lib/api-client";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Person");

const button = "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light";
const counts = (values: Record<string, number>) =>
  Object.entries(values).map(([kind, n]) => `${KIND_LABELS[kind] ?? kind}: ${n}`);

/** A person's page: everything held about them, their giving, and correcting, exporting or erasing it. */
export default function AdminPerson() {
  const { id } = useParams();
  const role = useStaffRole();
  const [person, setPerson] = useState<PersonDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState<ErasureSummary | null>(null);

  useEffect(() => {
    api<PersonDetail>(`/api/people/${id}`)
      .then(setPerson)
      .catch(() => setMissing(true));
  }, [id]);

  async function exportAll() {
    setExporting(true);
    try {
      let state = await api<PersonExportState>(`/api/people/${id}/export`, { method: "POST", json: {} });
      // The ZIP is made by a job: a long history takes a moment.
      while (state.status !== "done") {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        state = await api<PersonExportState>(`/api/people/zips/${state.exportId}`);
      }
      await downloadFile(`/api/people/zips/${state.exportId}/export.zip`);
      toast.success("Export downloaded.");
    } catch (error) {
      toast.error(errorMessage(error, "Export failed. Please try again."));
    } finally {
      setExporting(false);
    }
  }

  async function erase() {
    try {
      setErased(await api<ErasureSummary>(`/api/people/${id}/erase`, { method: "POST", json: {} }));
      setErasing(false);
    } catch (error) {
      toast.error(errorMessage(error, "The erasure failed. Nothing was erased; please try again."));
    }
  }

  if (erased) return <ErasureResult summary={erased} />;
  if (missing)
    return (
      <div>
        <h1 className="text-2xl font-bold">Person not found</h1>
        <p className="mt-2">
          Nothing is held about this person (any more).{" "}
          <Link to="/admin/people" className="text-brand underline">
            Back to People
          </Link>
        </p>
      </div>
    );
  if (!person) return <p>Loading...</p>;

  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/people" className="text-brand underline">
          People
        </Link>
      </p>
      <h1 className="mt-1 break-words text-2xl font-bold">{person.name || person.email}</h1>
      <p className="break-all text-muted">
        {person.email}
        {/* A phone number is read as one: it never breaks between its groups. */}
        {person.phone && (
          <>
            {" · "}
            <span className="whitespace-nowrap">{person.phone}</span>
          </>
        )}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={button} onClick={exportAll} disabled={exporting}>
          {exporting ? "Preparing the export..." : "Export everything (ZIP)"}
        </button>
        <button type="button" className={button} onClick={() => setCorrecting(true)}>
          Correct name or e-mail
        </button>
        <button
          type="button"
          onClick={() => setErasing(true)}
          className="rounded-full px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-700/30 hover:bg-red-50"
        >
          Erase this person
        </button>
      </div>

      <h2 className="mt-8 text-xl font-bold">Giving per year</h2>
      {person.totals.length === 0 ? (
        <p className="mt-2 text-muted">No gifts.</p>
      ) : (
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                Year
              </th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {person.totals.map((total) => (
              <tr key={`${total.year}-${total.currency}`}>
                <td className="pr-6">{total.year}</td>
                <td>{formatMoney(total.minor, total.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="mt-8 text-xl font-bold">Everything held</h2>
      <ol className="mt-2 divide-y overflow-hidden rounded-2xl border bg-white shadow-sm">
        {person.timeline.map((record) => (
          <li
            key={`${record.kind}-${record.id}`}
            className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium">{record.title}</p>
              <p className="text-xs text-muted">
                {KIND_LABELS[record.kind] ?? record.kind} · {record.at.slice(0, 10)}
                {record.gift && ` · ${formatMoney(record.gift.minor, record.gift.currency)}`}
              </p>
            </div>
            {role && mayOpen(role, record.link) ? (
              <Link to={record.link} className="shrink-0 text-sm text-brand underline">
                Open in {KIND_LABELS[record.kind] ?? record.kind}
                <span className="sr-only"> ({record.title})</span>
              </Link>
            ) : (
              // Gifts are on Administrators' screens: Inbox staff see the record here only, not a link that refuses.
              <span className="shrink-0 text-sm text-muted">On a screen your role does not open</span>
            )}
          </li>
        ))}
      </ol>

      {correcting && (
        <CorrectDialog
          person={person}
          onClose={() => setCorrecting(false)}
          onSaved={(updated) => {
            setPerson(updated);
            setCorrecting(false);
            toast.success("Corrected on every record.");
          }}
        />
      )}
      {erasing && (
        <Modal
          title="Erase this person?"
          onClose={() => setErasing(false)}
          footer={
            <>
              <button
                type="button"
                onClick={() => setErasing(false)}
                className="rounded-full px-5 py-2 font-semibold ring-1 ring-black/15 hover:bg-sand"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={erase}
                className="rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800"
              >
                Erase everything
              </button>
            </>
          }
        >
          <p>
            Everything about {person.name || person.email} is removed at once: subscriptions, volunteer applications,
            messages, My giving links. Gifts and receipts stay, as the law requires, with their name and address
            replaced by “Erased supporter”. This cannot be undone.
          </p>
        </Modal>
      )}
    </div>
  );
}

function CorrectDialog({
  person,
  onClose,
  onSaved,
}: {
  person: PersonDetail;
  onClose: () => void;
  onSaved: (person: PersonDetail) => void;
}) {
  const [name, setName] = useState(person.name);
  const [email, setEmail] = useState(person.email);
  const [error, setError] = useState("");

  async function save(event: FormEvent) {
    event.preventDefault();
    const change = {
      ...(name.trim() !== person.name && { name }),
      ...(email.trim().toLowerCase() !== person.email && { email }),
    };
    try {
      onSaved(await api<PersonDetail>(`/api/people/${person.id}`, { method: "PUT", json: change }));
    } catch (failure) {
      setError(errorMessage(failure, "Could not correct the records."));
    }
  }

  return (
    <Modal
      title="Correct name or e-mail"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full px-5 py-2 font-semibold ring-1 ring-black/15 hover:bg-sand"
          >
            Cancel
          </button>
          <button
            type="submit"
            form="correct-person"
            className="rounded-full bg-brand px-5 py-2 font-semibold text-white"
          >
            Correct every record
          </button>
        </>
      }
    >
      <form id="correct-person" onSubmit={save} className="space-y-3">
        <label className="block text-sm font-semibold">
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="mt-1 block w-full rounded-lg border px-3 py-2"
          />
        </label>
        <label className="block text-sm font-semibold">
          E-mail
          <input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="mt-1 block w-full rounded-lg border px-3 py-2"
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function ErasureResult({ summary }: { summary: ErasureSummary }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">Erased</h1>
      <p className="mt-2">
        Gifts and receipts kept by law now read “{summary.pseudonym}”.
        {summary.suppressed && " The address can no longer be subscribed or imported."}
      </p>
      <h2 className="mt-6 text-lg font-bold">Erased</h2>
      <ul className="mt-1 list-disc pl-6">
        {counts(summary.erased).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Kept by law (pseudonymised)</h2>
      <ul className="mt-1 list-disc pl-6">
        {counts(summary.keptByLaw).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Also delete at the payment providers</h2>
      {summary.atProviders.length === 0 ? (
        <p className="mt-1">Nothing: no Stripe or Chapa records name this person.</p>
      ) : (
        <ul className="mt-1 list-disc pl-6">
          {summary.atProviders.map((entry) => (
            <li key={`${entry.what}-${entry.reference}`} className="break-all">
              {entry.provider} {entry.what} <code>{entry.reference}</code>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6">
        <Link to="/admin/people" className="text-brand underline">
          Back to People
        </Link>
      </p>
    </div>
  );
}
