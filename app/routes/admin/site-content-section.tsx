import { format } from "date-fns/format";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useParams } from "react-router";
import {
  isSiteSection,
  SECTION_SCHEMAS,
  SECTION_TITLES,
  type SectionEditorState,
  type SiteSection,
} from "../../../core/site-content/site-content.schema";
import { diffSnapshots, type FieldChange } from "../../../core/versions/snapshot-diff";
import type { VersionSummary } from "../../../core/versions/versions";
import { focusFirstError } from "../../components/admin/form-controls";
import { describePath } from "../../components/admin/site-content/section-fields";
import { SectionForm } from "../../components/admin/site-content/section-form";
import { SectionTranslation } from "../../components/admin/site-content/section-translation";
import { Button, buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { validateForm } from "../../lib/validate-form";

export const meta = () => adminMeta("Site content");

const when = (iso: string) => format(new Date(iso), "d MMM yyyy, HH:mm");

const clientErrors = (section: SiteSection, values: unknown) =>
  validateForm(SECTION_SCHEMAS[section], values).errors ?? {};

interface Comparison {
  number: number;
  changes: Array<{ label: string; before: string; after: string }>;
}

const shown = (value: FieldChange["before"]) =>
  value === undefined ? "(none)" : value === null || value === "" ? "(empty)" : String(value);

/** What changed between a version and the form, one row per field; a picture's many parts count as one. */
function compare(section: SiteSection, number: number, version: unknown, current: unknown): Comparison {
  const rows = new Map<string, { label: string; before: string; after: string }>();
  for (const change of diffSnapshots(version, current)) {
    const { label, picture } = describePath(section, change.path);
    if (picture) rows.set(label, { label, before: "(another picture)", after: "(new picture)" });
    else rows.set(label, { label, before: shown(change.before), after: shown(change.after) });
  }
  return { number, changes: [...rows.values()] };
}

/** Admin → Site content → one section: draft, preview, publish, history (docs/decisions/0260-versions-and-states.md). */
export default function AdminSiteContentSection() {
  const { section: name = "" } = useParams();
  const section = isSiteSection(name) ? name : null;
  const form = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<SectionEditorState | null>(null);
  const [values, setValues] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Rich-text editors own their content: a new key starts them again with what was loaded.
  const [formKey, setFormKey] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [versions, setVersions] = useState<VersionSummary[]>([]);
  const [comparison, setComparison] = useState<Comparison | null>(null);

  const loadVersions = useCallback(async () => {
    if (!section) return;
    const body = await api<{ versions: VersionSummary[] }>(`/api/site-content/${section}/versions`);
    setVersions(body.versions);
  }, [section]);

  const showLoaded = useCallback((loaded: SectionEditorState) => {
    setState(loaded);
    setValues(loaded.draft);
    setErrors({});
    setConflict(null);
    setFormKey((key) => key + 1);
  }, []);

  const load = useCallback(async () => {
    if (!section) return;
    try {
      showLoaded(await api<SectionEditorState>(`/api/site-content/${section}`));
      await loadVersions();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to load the section."));
    }
  }, [section, showLoaded, loadVersions]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!section) {
    return (
      <div>
        <h1 className="text-2xl font-bold">Site content</h1>
        <p className="mt-4 text-muted">There is no such section of site content.</p>
        <Link to="/admin/site" className="mt-4 inline-block font-semibold text-brand underline">
          Back to the sections
        </Link>
      </div>
    );
  }
  if (!state) return <p className="text-muted">Loading…</p>;

  const dirty = JSON.stringify(values) !== JSON.stringify(state.draft);

  function failed(error: unknown, fallback: string) {
    if (error instanceof ApiError && error.status === 409) {
      // Refused as stale: what was typed stays in the form.
      setConflict(error.message);
      return;
    }
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      setErrors(error.fields);
      focusFirstError(form.current, error.fields);
    }
    toast.error(errorMessage(error, fallback));
  }

  /** Saves what is in the form against `revision`; the new state, or null when refused. */
  async function save(revision: number): Promise<SectionEditorState | null> {
    const found = clientErrors(section as SiteSection, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(form.current, found);
      toast.error("Please correct the highlighted fields.");
      return null;
    }
    try {
      const saved = await api<SectionEditorState>(`/api/site-content/${section}`, {
        method: "PUT",
        json: { revision, content: values },
      });
      setState(saved);
      setValues(saved.draft);
      setConflict(null);
      return saved;
    } catch (error) {
      failed(error, "The draft could not be saved.");
      return null;
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (!state) return;
    setBusy(true);
    if (await save(state.revision)) toast.success("Draft saved. Preview it, then publish when ready.");
    setBusy(false);
  }

  async function onPublish() {
    if (!state) return;
    setBusy(true);
    const current = dirty ? await save(state.revision) : state;
    if (current) {
      try {
        const published = await api<SectionEditorState>(`/api/site-content/${section}/publish`, {
          method: "POST",
          json: { revision: current.revision },
        });
        setState(published);
        setValues(published.draft);
        await loadVersions();
        toast.success("Published. The public pages show it now.");
      } catch (error) {
        failed(error, "The section could not be published.");
      }
    }
    setBusy(false);
  }

  /** After a refused save: keep mine, saved over the newest revision. */
  async function onReplaceTheirs() {
    setBusy(true);
    try {
      const latest = await api<SectionEditorState>(`/api/site-content/${section}`);
      if (await save(latest.revision)) toast.success("Your version is saved as the draft.");
    } catch (error) {
      failed(error, "The draft could not be saved.");
    }
    setBusy(false);
  }

  async function onCompare(number: number) {
    try {
      const version = await api<{ content: unknown }>(`/api/site-content/${section}/versions/${number}`);
      setComparison(compare(section as SiteSection, number, version.content, values));
    } catch (error) {
      toast.error(errorMessage(error, "The version could not be loaded."));
    }
  }

  async function onRestore(number: number) {
    if (!state) return;
    if (dirty && !window.confirm("Restoring replaces what is in the form now. Continue?")) return;
    setBusy(true);
    try {
      showLoaded(
        await api<SectionEditorState>(`/api/site-content/${section}/versions/${number}/restore`, {
          method: "POST",
          json: { revision: state.revision },
        }),
      );
      setComparison(null);
      toast.success(`Version ${number} is back in the draft. Preview it, then publish.`);
    } catch (error) {
      failed(error, "The version could not be restored.");
    }
    setBusy(false);
  }

  const status = [
    state.publishedAt
      ? `Published ${when(state.publishedAt)} by ${state.publishedBy}`
      : "Not published yet: the site shows its launch content",
    state.hasUnpublishedChanges ? "the draft has changes that are not published" : null,
  ]
    .filter(Boolean)
    .join("; ");

  const actions = (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" variant="secondary" disabled={busy}>
        Save draft
      </Button>
      <Link
        to={`/admin/site/${section}/preview`}
        target="_blank"
        rel="noopener"
        className={buttonClasses("secondary", "md")}
      >
        Preview<span className="sr-only"> (opens in a new tab)</span>
      </Link>
      <Button type="button" disabled={busy} onClick={onPublish}>
        Publish
      </Button>
      {dirty && <span className="text-sm text-muted">Unsaved changes: the preview shows the last saved draft.</span>}
    </div>
  );

  return (
    <div className="max-w-4xl">
      <p>
        <Link to="/admin/site" className="text-sm font-semibold text-brand underline-offset-4 hover:underline">
          ← Site content
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{SECTION_TITLES[section]}</h1>
      <p className="mt-1 text-sm text-muted">{status}.</p>

      {conflict && (
        <div role="alert" className="mt-4 rounded-xl border-2 border-red-700 bg-red-50 p-4">
          <p className="font-semibold text-red-800">{conflict}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={onReplaceTheirs}>
              Replace theirs with mine
            </Button>
            <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => void load()}>
              Load the latest version (discard mine)
            </Button>
          </div>
        </div>
      )}

      <form ref={form} onSubmit={onSave} noValidate className="mt-6 space-y-6">
        {actions}
        <div key={formKey} className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-6">
          <SectionForm section={section} values={values} errors={errors} onChange={setValues} />
        </div>
        {actions}
      </form>

      <SectionTranslation section={section} />

      <section aria-labelledby="history-title" className="mt-10">
        <h2 id="history-title" className="text-xl font-bold">
          History
        </h2>
        {versions.length === 0 ? (
          <p className="mt-2 text-muted">Every publish is kept here (the last 50). Nothing is published yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {versions.map((version) => (
              <li key={version.number} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <span>
                  <span className="font-semibold">Version {version.number}</span>{" "}
                  <span className="text-sm text-muted">
                    {when(version.createdAt)} by {version.createdBy}
                  </span>
                </span>
                <span className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={`Compare version ${version.number} with the form`}
                    onClick={() => void onCompare(version.number)}
                  >
                    Compare
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Restore version ${version.number}`}
                    onClick={() => void onRestore(version.number)}
                  >
                    Restore
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {comparison && (
          <div className="mt-4 rounded-2xl border border-gray-200 bg-white p-4" aria-live="polite">
            <h3 className="font-bold">Version {comparison.number} compared with the form</h3>
            {comparison.changes.length === 0 ? (
              <p className="mt-2 text-muted">No differences.</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr>
                      <th scope="col" className="p-2">
                        Field
                      </th>
                      <th scope="col" className="p-2">
                        Version {comparison.number}
                      </th>
                      <th scope="col" className="p-2">
                        The form now
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 align-top">
                    {comparison.changes.map((change) => (
                      <tr key={change.label}>
                        <th scope="row" className="p-2 font-semibold">
                          {change.label}
                        </th>
                        <td className="p-2 text-red-800">{change.before}</td>
                        <td className="p-2 text-green-800">{change.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
