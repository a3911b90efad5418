import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import {
  TRANSLATABLE_FIELDS,
  TRANSLATION_MESSAGES,
  type TranslatableKind,
  type TranslationState,
} from "../../../core/translations/translations.schema";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { formatInstantDate } from "../../lib/dates";
import { Button } from "../button";
import { AmharicVersion, englishHint } from "./amharic-version";
import { ContentEditorField } from "./content-editor-field";
import { TextArea, TextInput } from "./form-controls";
import { CoverageBadge } from "./translation-coverage";

interface TranslationSectionProps {
  kind: TranslatableKind;
  /** The saved item; a new one has no Amharic version until it is saved. */
  id: string | undefined;
  /** Ids of the controls start with it, e.g. `blog` → `blog-am-title`. */
  idPrefix: string;
}

/**
 * The Amharic version of an item (docs/decisions/0420-content-translations.md): its own form under the English one, saved on its own.
 * An empty field has no translation: Amharic pages show the English text there, marked as English.
 */
export function TranslationSection({ kind, id, idPrefix }: TranslationSectionProps) {
  const fields = TRANSLATABLE_FIELDS[kind];
  const [state, setState] = useState<TranslationState | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  // Closed until asked for: the English form stays the page's only "Title", "Content"… until then.
  const [open, setOpen] = useState(false);
  const [editorStart, setEditorStart] = useState({ key: 0, html: "" });
  const focusEditor = useRef<() => void>(() => {});
  const headingId = `${idPrefix}-am-heading`;

  // Loaded when opened: an edit screen costs nothing more until someone asks for the Amharic.
  useEffect(() => {
    if (!id || !open) return;
    let stale = false;
    api<TranslationState>(`/api/admin/translations/${kind}/${id}/am`)
      .then((loaded) => {
        if (stale) return;
        setState(loaded);
        setValues(loaded.fields);
        setEditorStart((current) => ({ key: current.key + 1, html: loaded.fields.content ?? "" }));
      })
      .catch(() => {
        if (!stale) setFailed(true);
      });
    return () => {
      stale = true;
    };
  }, [kind, id, open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const saved = await api<TranslationState>(`/api/admin/translations/${kind}/${id}/am`, {
        method: "PUT",
        json: { fields: values },
      });
      setState(saved);
      toast.success(TRANSLATION_MESSAGES.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error("Your session has ended. Log in again, then save.");
        return;
      }
      toast.error(errorMessage(error, "The Amharic version was not saved."));
      if (error instanceof ApiError) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([key, message]) => [key.replace(/^fields\./, ""), message]),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  }

  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const phase = !id ? "unsaved" : !open ? "closed" : failed ? "failed" : !state ? "loading" : "open";
  return (
    <AmharicVersion
      headingId={headingId}
      phase={phase}
      unsavedNote="Save the item first; then you can add its Amharic version here."
      closedNote="Amharic pages show the English text where a field has no Amharic."
      onOpen={() => setOpen(true)}
      badge={state && <CoverageBadge coverage={state.coverage} />}
    >
      {state && (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
          <p className="text-sm text-muted">
            Leave a field empty to show its English text on the Amharic page. Saved on its own: it goes live with the
            item.
            {state.updatedAt && state.updatedBy && (
              <>
                {" "}
                Last saved {formatInstantDate(state.updatedAt)} by {state.updatedBy}.
              </>
            )}
          </p>
          {fields.map((field) => {
            const common = {
              id: `${idPrefix}-am-${field.name}`,
              label: `${field.label} (Amharic)`,
              error: errors[field.name],
              hint: englishHint(state.english[field.name]),
            };
            if (field.input === "rich") {
              return (
                <ContentEditorField
                  key={field.name}
                  id={common.id}
                  label={common.label}
                  start={editorStart}
                  onChange={set(field.name)}
                  error={common.error}
                  focusRef={focusEditor}
                  lang="am"
                />
              );
            }
            const value = values[field.name] ?? "";
            return field.input === "line" ? (
              <TextInput
                key={field.name}
                {...common}
                lang="am"
                value={value}
                onChange={(e) => set(field.name)(e.target.value)}
              />
            ) : (
              <TextArea
                key={field.name}
                {...common}
                lang="am"
                rows={4}
                value={value}
                onChange={(e) => set(field.name)(e.target.value)}
              />
            );
          })}
          <div className="flex justify-end border-t border-gray-100 pt-5">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Amharic version"}
            </Button>
          </div>
        </form>
      )}
    </AmharicVersion>
  );
}
