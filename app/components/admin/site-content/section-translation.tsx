import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { SiteSection } from "../../../../core/site-content/site-content.schema";
import type { SiteTranslationEditorState } from "../../../../core/site-content/site-content.translations";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { formatInstantDate } from "../../../lib/dates";
import { Button } from "../../button";
import { AmharicVersion, englishHint } from "../amharic-version";
import { ContentEditorField } from "../content-editor-field";
import { TextArea } from "../form-controls";

const fieldId = (path: string) => `am-${path.replace(/[^a-zA-Z0-9]+/g, "-")}`;

/**
 * The Amharic version of a site-content section (docs/decisions/0420-content-translations.md): every text of the section beside its
 * English, saved as a draft and published like the English. Opened on demand.
 */
export function SectionTranslation({ section }: { section: SiteSection }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<SiteTranslationEditorState | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const editorStart = useRef<Record<string, { key: number; html: string }>>({});
  const focus = useRef<() => void>(() => {});

  const show = useCallback((loaded: SiteTranslationEditorState) => {
    setState(loaded);
    setValues(loaded.draft);
    editorStart.current = Object.fromEntries(
      loaded.fields
        .filter((f) => f.rich)
        .map((f) => [f.key, { key: loaded.revision, html: loaded.draft[f.key] ?? "" }]),
    );
  }, []);

  useEffect(() => {
    if (!open) return;
    api<SiteTranslationEditorState>(`/api/site-content/${section}/translations/am`)
      .then(show)
      .catch(() => setFailed(true));
  }, [open, section, show]);

  async function write(publish: boolean) {
    if (!state) return;
    setBusy(true);
    try {
      let saved = await api<SiteTranslationEditorState>(`/api/site-content/${section}/translations/am`, {
        method: "PUT",
        json: { revision: state.revision, fields: values },
      });
      if (publish) {
        saved = await api<SiteTranslationEditorState>(`/api/site-content/${section}/translations/am/publish`, {
          method: "POST",
          json: { revision: saved.revision },
        });
      }
      show(saved);
      toast.success(publish ? "Amharic version published." : "Amharic draft saved.");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error("Your session has ended. Log in again, then save.");
      } else toast.error(errorMessage(error, "The Amharic version was not saved."));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void write(false);
  }

  const translated = state ? state.fields.filter((f) => state.published[f.key]).length : 0;

  const phase = !open ? "closed" : failed ? "failed" : !state ? "loading" : "open";
  return (
    <AmharicVersion
      headingId="section-am-title"
      phase={phase}
      closedNote="Amharic pages show the English text where a text has no Amharic."
      onOpen={() => setOpen(true)}
    >
      {state && (
        <form onSubmit={onSubmit} noValidate className="mt-3 space-y-5">
          <p className="text-sm text-muted">
            {translated} of {state.fields.length} texts published in Amharic
            {state.hasUnpublishedChanges ? "; the draft has unpublished changes" : ""}
            {state.publishedAt
              ? ` (last published ${formatInstantDate(state.publishedAt)} by ${state.publishedBy})`
              : ""}
            . Leave a text empty to show its English.
          </p>
          {state.fields.map((field) =>
            field.rich ? (
              <div key={field.key}>
                <ContentEditorField
                  id={fieldId(field.key)}
                  label={`${field.label} (Amharic)`}
                  start={editorStart.current[field.key] ?? { key: 0, html: "" }}
                  onChange={(html) => setValues((current) => ({ ...current, [field.key]: html }))}
                  focusRef={focus}
                  lang="am"
                />
                <p className="mt-1 text-sm text-muted">{englishHint(field.english)}</p>
              </div>
            ) : (
              <TextArea
                key={field.key}
                id={fieldId(field.key)}
                label={`${field.label} (Amharic)`}
                lang="am"
                rows={field.english.length > 120 ? 4 : 2}
                value={values[field.key] ?? ""}
                onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
                hint={englishHint(field.english)}
              />
            ),
          )}
          <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 pt-5">
            <Button type="submit" variant="secondary" disabled={busy}>
              Save Amharic draft
            </Button>
            <Button type="button" disabled={busy} onClick={() => void write(true)}>
              Publish Amharic version
            </Button>
          </div>
        </form>
      )}
    </AmharicVersion>
  );
}
