import { type ChangeEvent, useEffect, useState } from "react";
import { ACCEPTED_IMAGE_TYPES } from "../../../core/media/media.schema";
import { pictureFileProblem } from "./picture-file";

/** The server's per-file ceiling (server/app.ts); checked here too so nobody waits for a doomed upload. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** The look of every image file input in the back office. */
export const FILE_INPUT_CLASSES =
  "block w-full text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-brand-light file:px-4 file:py-2 file:font-semibold file:text-brand hover:file:bg-brand hover:file:text-white";

export const IMAGE_TOO_LARGE_MESSAGE = "The image must be smaller than 15 MB.";

interface ImageFieldProps {
  id: string;
  name: string;
  label: string;
  /** The image the record has now (edit mode). */
  currentUrl?: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  hint?: string;
}

/** A file input with a preview of the chosen (or current) image. */
export function ImageField({ id, name, label, currentUrl, file, onFile, error, hint }: ImageFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const shownError = error ?? refused;
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl;
  const describedBy =
    [hint ? `${id}-hint` : "", shownError ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-start">
        {shown && (
          <img
            src={shown}
            alt={preview ? "Preview of the chosen image" : "Current image"}
            className="aspect-[16/10] w-full rounded-lg bg-gray-100 object-cover sm:w-48"
          />
        )}
        <input
          id={id}
          name={name}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? pictureFileProblem(chosen) : undefined;
            setRefused(problem);
            if (problem) event.target.value = "";
            onFile(problem ? null : chosen);
          }}
          className={FILE_INPUT_CLASSES}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}

/** Upload progress while a form with an image is being sent. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="rounded-lg bg-brand-light px-4 py-3" role="status">
      <label htmlFor="upload-progress" className="text-sm font-semibold text-brand">
        {percent < 100 ? `Uploading image... ${percent}%` : "Processing image..."}
      </label>
      <progress id="upload-progress" max={100} value={percent} className="mt-2 block h-2 w-full accent-brand" />
    </div>
  );
}
