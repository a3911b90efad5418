import type { ReactNode } from "react";
import { Link } from "react-router";
import { dateToZonedLocal } from "../../../core/shared/site-time";
import { DOCUMENT_STATES, type DocumentState, type ItemState, STATE_LABELS } from "../../../core/versions/states";
import { formatInstantDateTime } from "../../lib/dates";
import { Button, buttonClasses } from "../button";

/** What each state means, where an editor picks one. */
const STATE_HINTS: Record<DocumentState, string> = {
  draft: "Only staff can see it.",
  scheduled: "Goes live by itself at the time below.",
  published: "Everyone can see it.",
};

const BADGE: Record<DocumentState, string> = {
  draft: "bg-gray-100 text-gray-700 ring-gray-500/20",
  scheduled: "bg-blue-100 text-blue-800 ring-blue-600/20",
  published: "bg-green-100 text-green-800 ring-green-600/20",
};

/** "Draft", "Scheduled · Mar 1, 2026, 12:00" (the organisation's time), "Published". */
export function StateBadge({ state }: { state: ItemState }) {
  const label =
    state.status === "scheduled" && state.publishAt
      ? `${STATE_LABELS.scheduled} · ${formatInstantDateTime(state.publishAt)}`
      : STATE_LABELS[state.status];
  return (
    <span
      data-state={state.status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE[state.status]}`}
    >
      {label}
    </span>
  );
}

/** The admin lists' filter: every state, or one. */
export function StateFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor="state-filter" className="sr-only">
        Show
      </label>
      <select
        id="state-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2"
      >
        <option value="">All states</option>
        {DOCUMENT_STATES.map((state) => (
          <option key={state} value={state}>
            {STATE_LABELS[state]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The form values for a state: `publishAt` as the datetime-local value in the organisation's time zone. */
export const stateValues = (state: ItemState | null) => ({
  status: state?.status ?? "draft",
  publishAt: state?.publishAt ? dateToZonedLocal(state.publishAt) : "",
});

interface PublishingFieldsProps {
  idPrefix: string;
  status: string;
  publishAt: string;
  onStatus: (status: DocumentState) => void;
  onPublishAt: (value: string) => void;
  error?: string | undefined;
  /** The staff-only preview of the saved item, once it exists. */
  previewTo?: string | undefined;
}

/** Draft, scheduled (with its time) or published; a new item starts as a draft. */
function PublishingFields({
  idPrefix,
  status,
  publishAt,
  onStatus,
  onPublishAt,
  error,
  previewTo,
}: PublishingFieldsProps) {
  const timeId = `${idPrefix}-publishAt`;
  return (
    <fieldset className="rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Publishing</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {DOCUMENT_STATES.map((state) => (
          <label key={state} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${idPrefix}-status`}
              value={state}
              checked={status === state}
              onChange={() => onStatus(state)}
              className="mt-1"
            />
            <span>
              <span className="font-semibold text-ink">{STATE_LABELS[state]}</span>
              <span className="block text-muted">{STATE_HINTS[state]}</span>
            </span>
          </label>
        ))}
      </div>
      {status === "scheduled" && (
        <div className="mt-4 max-w-xs">
          <label htmlFor={timeId} className="block text-sm font-semibold text-ink">
            Publish at (Addis Ababa time)
          </label>
          <input
            id={timeId}
            type="datetime-local"
            value={publishAt}
            onChange={(event) => onPublishAt(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${timeId}-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-ink aria-invalid:border-red-600"
          />
        </div>
      )}
      {error && (
        <p id={`${timeId}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {previewTo && (
        <p className="mt-4 text-sm">
          <Link to={previewTo} target="_blank" className="font-semibold text-brand underline">
            Preview the saved version
          </Link>{" "}
          <span className="text-muted">(opens in a new tab; only staff can open it)</span>
        </p>
      )}
    </fieldset>
  );
}

/** An item's fields as a form upload, with the state the pressed button chose (submittedState). */
export function itemFormData(event: { nativeEvent: Event }, values: { status: string; publishAt: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...values, ...submittedState(event, values) })) body.append(name, value);
  return body;
}

/** What every published kind's form holds of its publishing state. */
interface PublishingValues {
  status: string;
  publishAt: string;
}

/** The state a form submits: "Publish" publishes at once, the main button saves the chosen state. */
export function submittedState(event: { nativeEvent: Event }, values: PublishingValues) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.value === "publish") return { status: "published", publishAt: "" };
  return { status: values.status, publishAt: values.status === "scheduled" ? values.publishAt : "" };
}

interface ItemFormEndProps<Values extends PublishingValues> {
  /** The item kind's admin area: its list is /admin/{area} and a saved item's preview /admin/preview/{area}/{id}. */
  area: string;
  /** The saved item's id; none while it is being created. */
  id: string | undefined;
  /** The form's values and errors (useAdminForm): its `status` and `publishAt` are these fields'. */
  form: {
    idPrefix: string;
    values: Values;
    setValues: (update: (current: Values) => Values) => void;
    errors: Record<string, string>;
  };
  /** A published item has no "Publish" button (saving it keeps it published). */
  published: boolean;
  saving: boolean;
  submitLabel: string;
  /** What Cancel does instead of going back to the list (the blog form forgets its draft first). */
  onCancel?: () => void;
  /** Shown between the publishing fields and the buttons: an upload's progress. */
  children?: ReactNode;
}

/**
 * How every published kind's form ends (posts, publications, gallery items, videos): the publishing
 * state, then Cancel, "Publish" while the item is not public, and the save button. The item-write
 * module behind them is one too (core/item-writes).
 */
export function ItemFormEnd<Values extends PublishingValues>({
  area,
  id,
  form: { idPrefix, values, setValues, errors },
  published,
  saving,
  submitLabel,
  onCancel,
  children,
}: ItemFormEndProps<Values>) {
  return (
    <>
      <PublishingFields
        idPrefix={idPrefix}
        status={values.status}
        publishAt={values.publishAt}
        onStatus={(status) => setValues((current) => ({ ...current, status }))}
        onPublishAt={(publishAt) => setValues((current) => ({ ...current, publishAt }))}
        error={errors.publishAt ?? errors.status}
        previewTo={id ? `/admin/preview/${area}/${id}` : undefined}
      />
      {children}
      <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 pt-5">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : (
          <Link to={`/admin/${area}`} className={buttonClasses("secondary", "md")}>
            Cancel
          </Link>
        )}
        {!published && (
          <Button type="submit" value="publish" variant="secondary" disabled={saving}>
            Publish
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
