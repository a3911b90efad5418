import { type ReactNode, useEffect, useState } from "react";
import {
  VOLUNTEER_STATUSES,
  type VolunteerApplication,
  type VolunteerStatus,
} from "../../../core/volunteers/volunteers.schema";
import { copyWithToast } from "../../lib/clipboard";
import { Modal } from "./modal";

interface VolunteerDetailsProps {
  application: VolunteerApplication;
  onStatusChange: (status: VolunteerStatus) => void;
  onClose: () => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 break-words sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

function Copyable({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return <span className="text-muted">Not provided</span>;
  return (
    <button
      type="button"
      onClick={() => copyWithToast(value, `${label} copied!`)}
      className="break-all text-left text-brand underline decoration-dotted hover:decoration-solid"
      aria-label={`Copy ${label}: ${value}`}
    >
      {value}
    </button>
  );
}

/** Spec §2 Volunteer applications: the details modal with the status dropdown. */
export function VolunteerDetails({ application: a, onStatusChange, onClose }: VolunteerDetailsProps) {
  return (
    <Modal
      title={a.fullName}
      onClose={onClose}
      footer={
        <button
          type="button"
          onClick={onClose}
          className="rounded-full px-5 py-2 font-semibold ring-1 ring-black/15 hover:bg-sand"
        >
          Close
        </button>
      }
    >
      <dl className="divide-y">
        <Row label="Full name">
          <Copyable label="Full name" value={a.fullName} />
        </Row>
        <Row label="Email">
          <Copyable label="Email" value={a.email} />
        </Row>
        <Row label="Phone">
          <Copyable label="Phone" value={a.phone} />
        </Row>
        {a.age !== undefined && <Row label="Age">{a.age}</Row>}
        <Row label="LinkedIn">
          <Copyable label="LinkedIn" value={a.linkedin} />
        </Row>
        <Row label="Twitter">
          <Copyable label="Twitter" value={a.twitter} />
        </Row>
        <Row label="Interest">
          {a.interest}
          {a.skillSet && <span className="mt-1 block text-sm text-muted">Skills: {a.skillSet}</span>}
          {a.otherInterestDetail && (
            <span className="mt-1 block text-sm text-muted">Other interest: {a.otherInterestDetail}</span>
          )}
        </Row>
        <Row label="Availability">{a.availability}</Row>
        <Row label="Motivation">
          <span className="whitespace-pre-wrap">{a.motivation}</span>
        </Row>
        <Row label="Additional comments">
          {a.additionalComments ? (
            <span className="whitespace-pre-wrap">{a.additionalComments}</span>
          ) : (
            <span className="text-muted">None</span>
          )}
        </Row>
        <Row label="Status">
          <StatusPicker status={a.status} onSave={onStatusChange} />
        </Row>
      </dl>
    </Modal>
  );
}

/**
 * Choosing an option only chooses: arrow keys on a closed select change its value at every press, so
 * saving on change sent a request per key and the re-render moved focus. Save commits, focus stays.
 */
function StatusPicker({ status, onSave }: { status: VolunteerStatus; onSave: (status: VolunteerStatus) => void }) {
  const [choice, setChoice] = useState(status);
  useEffect(() => setChoice(status), [status]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="application-status" className="sr-only">
        Status
      </label>
      <select
        id="application-status"
        value={choice}
        onChange={(event) => setChoice(event.target.value as VolunteerStatus)}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2"
      >
        {VOLUNTEER_STATUSES.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => {
          if (choice !== status) onSave(choice);
        }}
        className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
      >
        Save status
      </button>
    </div>
  );
}
