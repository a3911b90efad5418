import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { CONSENT_BASES, CONSENT_LABELS, type ImageConsent } from "../../../core/consent/consent.schema";
import { api, errorMessage } from "../../lib/api-client";
import { confirmInToast } from "./confirm-toast";

/**
 * The consent of one image (or video) as a form holds it (docs/decisions/0470-consent-everywhere.md). `basis`
 * "" is "not recorded": nothing is sent and what is recorded stays.
 */
export interface ConsentValue {
  basis: "" | ImageConsent["basis"];
  minor: boolean;
  byGuardian: boolean;
  givenBy: string;
  givenOn: string;
  expiresOn: string;
  formReference: string;
}

export const NO_CONSENT: ConsentValue = {
  basis: "",
  minor: false,
  byGuardian: false,
  givenBy: "",
  givenOn: "",
  expiresOn: "",
  formReference: "",
};

const fromRecord = (consent: ImageConsent | null): ConsentValue =>
  consent
    ? {
        basis: consent.basis,
        minor: consent.minor,
        byGuardian: consent.byGuardian,
        givenBy: consent.givenBy ?? "",
        givenOn: consent.givenOn ?? "",
        expiresOn: consent.expiresOn ?? "",
        formReference: consent.formReference ?? "",
      }
    : NO_CONSENT;

/** What a write sends as `imageConsent` (or one entry of `imageConsents`); null when nothing was chosen. */
export function consentPayload(value: ConsentValue) {
  if (!value.basis) return null;
  const onFile = value.basis === "on-file";
  return {
    basis: value.basis,
    minor: value.minor,
    byGuardian: onFile && value.byGuardian,
    ...(onFile
      ? {
          givenBy: value.givenBy,
          givenOn: value.givenOn,
          expiresOn: value.expiresOn,
          formReference: value.formReference,
        }
      : {}),
  };
}

/** The consent recorded for one image, as the form holds it (none recorded, or unreadable: nothing chosen). */
export async function recordedConsent(imageUrl: string): Promise<ConsentValue> {
  try {
    const { consent } = await api<{ consent: ImageConsent | null }>(
      `/api/admin/consent?imageUrl=${encodeURIComponent(imageUrl)}`,
    );
    return fromRecord(consent);
  } catch {
    return NO_CONSENT;
  }
}

/** Loads the consent recorded for `imageUrl` (a plain image URL, or a video's `youtube:<id>`). */
export function useRecordedConsent(imageUrl: string | undefined): [ConsentValue, (value: ConsentValue) => void] {
  const [value, setValue] = useState<ConsentValue>(NO_CONSENT);
  useEffect(() => {
    if (!imageUrl) {
      setValue(NO_CONSENT);
      return;
    }
    let stale = false;
    recordedConsent(imageUrl).then((recorded) => {
      if (!stale) setValue(recorded);
    });
    return () => {
      stale = true;
    };
  }, [imageUrl]);
  return [value, setValue];
}

const input =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-ink aria-invalid:border-red-600";

interface ConsentFieldsProps {
  /** Unique on the page: the fields' ids start with it. */
  id: string;
  /** "this image", "image 2", "this video". */
  subject: string;
  value: ConsentValue;
  onChange: (value: ConsentValue) => void;
  /** The server's field messages, keyed `givenBy`, `givenOn`… (the form strips its own prefix). */
  errors?: Record<string, string | undefined>;
  /**
   * The saved image (or `youtube:<id>`) whose consent can be withdrawn from here, and what the form
   * does afterwards (the image has left the site and its files are deleted).
   */
  withdraw?: { imageUrl: string; onWithdrawn: () => void };
}

async function withdrawConsent({ imageUrl, onWithdrawn }: NonNullable<ConsentFieldsProps["withdraw"]>) {
  const confirmed = await confirmInToast({
    message: "Withdraw consent? It leaves the site at once and its files are deleted.",
    confirmLabel: "Yes, withdraw",
  });
  if (!confirmed) return;
  try {
    const { unpublished } = await api<{ unpublished: string[] }>("/api/admin/consent/withdraw", {
      method: "POST",
      json: { imageUrl },
    });
    toast.success(unpublished.length > 0 ? "Consent withdrawn; the item is a draft again." : "Consent withdrawn.");
    onWithdrawn();
  } catch (error) {
    toast.error(errorMessage(error, "Consent could not be withdrawn."));
  }
}

/**
 * The consent choice beside every image field of the back office: no identifiable people, consent
 * on file (who, when, optional expiry, the signed form), or not yet; and whether a child can be
 * identified. A child needs consent on file from a parent or guardian before the item is published.
 */
export function ConsentFields({ id, subject, value, onChange, errors = {}, withdraw }: ConsentFieldsProps) {
  const set = (change: Partial<ConsentValue>) => onChange({ ...value, ...change });
  const text = (name: "givenBy" | "givenOn" | "expiresOn" | "formReference", label: string, type = "text") => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={value[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={input}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <fieldset className="rounded-xl border border-gray-200 bg-sand/60 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Consent for {subject}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {CONSENT_BASES.map((basis) => (
          <label key={basis} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-basis`}
              value={basis}
              checked={value.basis === basis}
              onChange={() => set({ basis })}
            />
            {CONSENT_LABELS[basis]}
          </label>
        ))}
      </div>
      {!value.basis && <p className="mt-2 text-sm text-muted">Not recorded yet: choose one before publishing.</p>}
      {value.basis === "on-file" && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {text("givenBy", "Given by")}
          {text("givenOn", "Given on", "date")}
          {text("expiresOn", "Expires on (optional)", "date")}
          {text("formReference", "Signed form reference (optional)")}
        </div>
      )}
      <div className="mt-3 flex flex-col gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={value.minor} onChange={(event) => set({ minor: event.target.checked })} /> A
          child can be identified
        </label>
        {value.basis === "on-file" && (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={value.byGuardian}
              onChange={(event) => set({ byGuardian: event.target.checked })}
            />{" "}
            Given by a parent or guardian
          </label>
        )}
      </div>
      {errors.basis && <p className="mt-2 text-sm font-medium text-red-700">{errors.basis}</p>}
      {withdraw && (
        <button
          type="button"
          onClick={() => withdrawConsent(withdraw)}
          className="mt-3 rounded-full px-4 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
        >
          Withdraw consent
        </button>
      )}
    </fieldset>
  );
}

/** The field messages of one consent (`imageConsent.givenBy` → `givenBy`). */
export function consentErrors(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${prefix}.`))
      .map(([key, message]) => [key.slice(prefix.length + 1), message]),
  );
}
