import { useEffect, useMemo, useState } from "react";
import { ACCEPTED_IMAGE_TYPES } from "../../../core/media/media.schema";
import { pictureFileProblem } from "./picture-file";

interface ImagePickerProps {
  id: string;
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** Images already saved, shown until new files are chosen. */
  existing?: string[];
  error?: string;
  hint?: string;
}

/** A multiple-file input with thumbnails of what will be uploaded (or what is already there). */
export function ImagePicker({ id, label, files, onChange, existing = [], error, hint }: ImagePickerProps) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const shownError = error ?? refused;
  const shown = files.length > 0 ? previews : existing;
  const describedBy =
    [hint ? `${id}-hint` : "", shownError ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name="images"
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // One file that cannot be read refuses the choice, naming it: nothing is uploaded half.
          const problem = chosen
            .map((file) => ({ file, problem: pictureFileProblem(file) }))
            .find((found) => found.problem);
          setRefused(problem && `${problem.file.name}: ${problem.problem}`);
          if (problem) event.target.value = "";
          onChange(problem ? [] : chosen);
        }}
        className="mt-1 block w-full rounded-lg border border-gray-300 bg-white text-sm file:mr-3 file:border-0 file:bg-brand-light file:px-4 file:py-2.5 file:font-semibold file:text-brand aria-invalid:border-red-600"
      />
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
      {shown.length > 0 && (
        <ul
          className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5"
          aria-label={files.length > 0 ? "Selected images" : "Current images"}
        >
          {shown.map((url, index) => (
            <li key={url} className="relative aspect-square overflow-hidden rounded-lg bg-gray-100">
              <img
                src={url}
                alt={files[index]?.name ?? `Current image ${index + 1}`}
                className="h-full w-full object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
