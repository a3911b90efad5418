import type { MutableRefObject } from "react";
import { RichTextEditor, type RichTextFeatures } from "./rich-text-editor";

interface ContentEditorFieldProps {
  /** The editor's id; its label and error take `<id>-label` and `<id>-error`. */
  id: string;
  label?: string;
  /** Bumping `key` re-creates the editor from `html` (after loading or discarding a draft). */
  start: { key: number; html: string };
  onChange: (html: string) => void;
  error?: string;
  /** Set to a function that focuses the editor (first invalid field). */
  focusRef: MutableRefObject<() => void>;
  /** The newsletter's pictures and buttons. */
  features?: RichTextFeatures;
  /** The language of the text typed (the label stays in the admin's English), e.g. "am". */
  lang?: string;
}

/** The rich-text editor as a form field: its label, the editor and its error (blog posts, newsletters). */
export function ContentEditorField({
  id,
  label = "Content",
  start,
  onChange,
  error,
  focusRef,
  features,
  lang,
}: ContentEditorFieldProps) {
  return (
    <div>
      {/* A contenteditable is not a labelable element: the label names it through aria-labelledby. */}
      <span id={`${id}-label`} className="block text-sm font-semibold text-ink" onClick={() => focusRef.current()}>
        {label}
      </span>
      <div lang={lang}>
        <RichTextEditor
          key={start.key}
          id={id}
          labelledBy={`${id}-label`}
          initialContent={start.html}
          onChange={onChange}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : undefined}
          onReady={(focus) => {
            focusRef.current = focus;
          }}
          features={features}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
