import { type ChangeEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { ACCEPTED_IMAGE_TYPES, type StoredImage } from "../../../../core/media/media.schema";
import type { SiteSection } from "../../../../core/site-content/site-content.schema";
import { api, apiUpload, errorMessage } from "../../../lib/api-client";
import { BlurEditor } from "../blur-editor";
import { ConsentFields, consentPayload, useRecordedConsent } from "../consent-fields";
import { Field, Select, TextArea, TextInput } from "../form-controls";
import { FILE_INPUT_CLASSES, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "../image-field";
import { pictureFileProblem } from "../picture-file";
import { RichTextEditor } from "../rich-text-editor";
import { type FieldSpec, SECTION_FIELDS } from "./section-fields";

type Path = Array<string | number>;
type Json = unknown;

function getIn(value: Json, path: Path): Json {
  let current = value;
  for (const key of path) current = (current as Record<string | number, Json> | undefined)?.[key];
  return current;
}

function setIn(value: Json, [key, ...rest]: Path, next: Json): Json {
  if (key === undefined) return next;
  const child = setIn((value as Record<string | number, Json>)?.[key], rest, next);
  if (Array.isArray(value)) return value.map((item, index) => (index === key ? child : item));
  return { ...(value as object), [key]: child };
}

/** The form names a field by its schema path, as the API's `fields` do: "board.1.thought". */
const nameOf = (path: Path) => path.join(".");
const idOf = (path: Path) => `site-${path.join("-")}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface FormContext {
  values: Json;
  errors: Record<string, string>;
  set: (path: Path, value: Json) => void;
  /** Moves focus to an element once the next render is on screen (after a reorder). */
  focusNext: (id: string) => void;
}

interface SectionFormProps {
  section: SiteSection;
  values: Json;
  errors: Record<string, string>;
  onChange: (values: Json) => void;
}

/** A section's form, generated from its field layout (section-fields.ts). */
export function SectionForm({ section, values, errors, onChange }: SectionFormProps) {
  const pendingFocus = useRef<string | null>(null);
  // Keeps the latest values for edits that finish later (an upload).
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });
  const context: FormContext = {
    values,
    errors,
    set: (path, value) => onChange(setIn(latest.current, path, value)),
    focusNext: (id) => {
      pendingFocus.current = id;
    },
  };
  return (
    <div className="space-y-6">
      {SECTION_FIELDS[section].map((spec) => (
        <FieldView key={spec.name} spec={spec} path={[spec.name]} context={context} />
      ))}
    </div>
  );
}

function FieldView({
  spec,
  path,
  context,
  label,
}: {
  spec: FieldSpec;
  path: Path;
  context: FormContext;
  label?: string;
}) {
  const name = nameOf(path);
  const id = idOf(path);
  const error = context.errors[name];
  const value = getIn(context.values, path);
  const shownLabel = label ?? spec.label;
  switch (spec.kind) {
    case "text": {
      const common = {
        id,
        name,
        label: shownLabel,
        error,
        hint: spec.hint,
        value: typeof value === "string" ? value : "",
      };
      return spec.rows ? (
        <TextArea {...common} rows={spec.rows} onChange={(event) => context.set(path, event.target.value)} />
      ) : (
        <TextInput {...common} type={spec.type ?? "text"} onChange={(event) => context.set(path, event.target.value)} />
      );
    }
    case "number":
      return (
        <TextInput
          id={id}
          name={name}
          label={shownLabel}
          error={error}
          hint={spec.hint}
          type="number"
          step="any"
          value={typeof value === "number" ? String(value) : ""}
          onChange={(event) => context.set(path, event.target.value === "" ? null : Number(event.target.value))}
        />
      );
    case "select":
      return (
        <Select
          id={id}
          name={name}
          label={shownLabel}
          error={error}
          placeholder="Choose…"
          options={spec.options}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => context.set(path, event.target.value)}
        />
      );
    case "rich":
      return (
        <div>
          <span id={`${id}-label`} className="block text-sm font-semibold text-ink">
            {shownLabel}
          </span>
          <div className="mt-1 rounded-lg border border-gray-300 bg-white">
            <RichTextEditor
              id={id}
              labelledBy={`${id}-label`}
              describedBy={
                [spec.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
              }
              invalid={Boolean(error)}
              initialContent={typeof value === "string" ? value : ""}
              onChange={(html) => context.set(path, html)}
            />
          </div>
          {spec.hint && (
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
              {spec.hint}
            </p>
          )}
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      );
    case "image":
      return (
        <PictureField
          id={id}
          name={name}
          label={shownLabel}
          error={error}
          hint={spec.hint}
          logo={spec.logo}
          image={(value ?? undefined) as StoredImage | undefined}
          onImage={(image) => context.set(path, image)}
        />
      );
    case "group":
      return (
        <fieldset className="space-y-4 rounded-xl border border-gray-200 p-4">
          <legend className="px-1 text-base font-bold text-brand-dark">{shownLabel}</legend>
          {spec.fields.map((child) => (
            <FieldView key={child.name} spec={child} path={[...path, child.name]} context={context} />
          ))}
        </fieldset>
      );
    case "list":
      return <ListField spec={spec} path={path} context={context} />;
  }
}

const smallButton =
  "rounded-full border border-gray-300 bg-white px-3 py-1 text-sm font-semibold text-ink hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** Unique item ids: a new item takes its blank's id plus a random tail. */
function withFreshId(item: Json): Json {
  if (item && typeof item === "object" && "id" in item && typeof item.id === "string") {
    return { ...item, id: `${item.id}-${Math.random().toString(36).slice(2, 8)}` };
  }
  return item;
}

function ListField({
  spec,
  path,
  context,
}: {
  spec: Extract<FieldSpec, { kind: "list" }>;
  path: Path;
  context: FormContext;
}) {
  const items = (getIn(context.values, path) as Json[] | undefined) ?? [];
  const id = idOf(path);
  const error = context.errors[nameOf(path)];
  const buttonId = (index: number, action: string) => `${id}-${index}-${action}`;

  function move(from: number, to: number) {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    context.set(path, next);
    // Focus stays on the moved item's button; at either end, on the one that still works.
    const direction = to < from ? "up" : "down";
    const stuck = (direction === "up" && to === 0) || (direction === "down" && to === items.length - 1);
    context.focusNext(buttonId(to, stuck ? (direction === "up" ? "down" : "up") : direction));
  }
  function remove(index: number) {
    context.set(
      path,
      items.filter((_, position) => position !== index),
    );
    context.focusNext(items.length > 1 ? buttonId(Math.max(0, index - 1), "remove") : `${id}-add`);
  }
  function add() {
    context.set(path, [...items, withFreshId(spec.blank())]);
    context.focusNext(
      spec.fields ? idOf([...path, items.length, spec.fields[0]?.name ?? ""]) : idOf([...path, items.length]),
    );
  }

  return (
    <fieldset className="rounded-xl border border-gray-200 p-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-base font-bold text-brand-dark">{spec.label}</legend>
      {error && (
        <p id={`${id}-error`} className="mb-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <ol className="space-y-4">
        {items.map((item, index) => {
          const itemName = `${spec.itemLabel} ${index + 1}`;
          const key = item && typeof item === "object" && "id" in item ? String(item.id) : `${index}`;
          return (
            <li key={key} className="rounded-lg bg-gray-50 p-3 sm:p-4">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                {spec.fields ? <p className="font-semibold text-ink">{capitalised(itemName)}</p> : <span />}
                {!spec.fixed && (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      id={buttonId(index, "up")}
                      className={smallButton}
                      disabled={index === 0}
                      aria-label={`Move up: ${itemName}`}
                      onClick={() => move(index, index - 1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      id={buttonId(index, "down")}
                      className={smallButton}
                      disabled={index === items.length - 1}
                      aria-label={`Move down: ${itemName}`}
                      onClick={() => move(index, index + 1)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      id={buttonId(index, "remove")}
                      className={`${smallButton} text-red-700`}
                      aria-label={`Remove: ${itemName}`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </button>
                  </div>
                )}
              </div>
              <div className="space-y-4">
                {spec.fields?.map((child) => (
                  <FieldView key={child.name} spec={child} path={[...path, index, child.name]} context={context} />
                ))}
                {spec.item && (
                  <FieldView spec={spec.item} path={[...path, index]} context={context} label={capitalised(itemName)} />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {!spec.fixed && (
        <button type="button" id={`${id}-add`} className={`${smallButton} mt-4`} onClick={add}>
          Add {spec.itemLabel}
        </button>
      )}
    </fieldset>
  );
}

/** How a logo's upload is recorded: a logo shows no person (docs/decisions/0891-organisation-logo-on-receipts.md). */
const LOGO_CONSENT = { basis: "no-identifiable-people", minor: false, byGuardian: false } as const;

/** A picture through the one media pipeline: uploaded at once, kept in the form as what the pipeline made. */
function PictureField({
  id,
  name,
  label,
  error,
  hint,
  logo,
  image,
  onImage,
}: {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  logo?: { alt: string } | undefined;
  image: StoredImage | undefined;
  onImage: (image: StoredImage | null) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  // Uploaded pictures need consent; the drawn illustrations (/images/…) do not (decision 0470).
  const uploaded =
    image?.url && !new URL(image.url, "http://site").pathname.startsWith("/images/") ? image.url : undefined;
  const [consent, setConsent] = useRecordedConsent(logo ? undefined : uploaded);
  async function saveConsent() {
    const payload = consentPayload(consent);
    if (!uploaded || !payload) return;
    try {
      await api("/api/admin/consent", { method: "PUT", json: { imageUrl: uploaded, ...payload } });
      toast.success("Consent recorded.");
    } catch (saveError) {
      toast.error(errorMessage(saveError, "Consent could not be saved."));
    }
  }
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = pictureFileProblem(file) ?? (file.size > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE_MESSAGE : undefined);
    if (problem) {
      toast.error(problem);
      return;
    }
    const form = new FormData();
    form.append("image", file);
    // The consent chosen before choosing the file is recorded with the upload; a logo shows no one.
    const sent = logo ? LOGO_CONSENT : consentPayload(consent);
    if (sent) form.append("imageConsent", JSON.stringify(sent));
    setProgress(0);
    try {
      const uploadedImage = await apiUpload<StoredImage>("/api/site-content/images", form, { onProgress: setProgress });
      // Described for the dashboard's list of undescribed pictures (decision 0770), as the PDFs describe it.
      const described = logo ? { ...uploadedImage, alt: logo.alt } : uploadedImage;
      onImage(described);
    } catch (uploadError) {
      toast.error(errorMessage(uploadError, "The picture could not be uploaded."));
    } finally {
      setProgress(null);
    }
  }
  return (
    <div className="space-y-3">
      <Field
        id={id}
        label={label}
        error={error}
        hint={progress === null ? hint : `Uploading… ${Math.round(progress * 100)} %`}
      >
        {(describedBy) => (
          <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-center">
            {image?.url && (
              <img
                src={image.url}
                alt=""
                className={`h-24 w-32 rounded-lg ${logo ? "border border-gray-200 bg-white object-contain p-2" : "bg-gray-100 object-cover"}`}
              />
            )}
            <input
              id={id}
              name={name}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              disabled={progress !== null}
              onChange={onFile}
              className={FILE_INPUT_CLASSES}
            />
          </div>
        )}
      </Field>
      {logo ? (
        image && (
          <button type="button" id={`${id}-remove`} className={smallButton} onClick={() => onImage(null)}>
            Remove logo
          </button>
        )
      ) : (
        <>
          <ConsentFields
            id={`${id}-consent`}
            subject={uploaded ? "this picture" : "the picture you upload"}
            value={consent}
            onChange={setConsent}
          />
          {uploaded && (
            <button type="button" className={smallButton} onClick={saveConsent} disabled={!consent.basis}>
              Save consent
            </button>
          )}
          {uploaded && <BlurEditor id={`${id}-blur`} imageUrl={uploaded} onApplied={onImage} />}
        </>
      )}
    </div>
  );
}
