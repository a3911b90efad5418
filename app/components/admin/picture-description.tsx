import { IMAGE_ALT_MAX } from "../../../core/item-writes/image-descriptions";
import { TextInput } from "./form-controls";

interface PictureDescriptionProps {
  /** The text input's id; the checkbox's is `${id}-decorative`. */
  id: string;
  /** The input's name, which a form's error focus looks for (`imageAlts.1`); the id when absent. */
  name?: string;
  /** Names the picture in the labels when a form has several ("Image 2"). */
  subject?: string;
  alt: string;
  decorative: boolean;
  onAlt: (alt: string) => void;
  onDecorative: (decorative: boolean) => void;
  error?: string | undefined;
}

/**
 * A picture's description beside it (docs/decisions/0770-every-picture-described.md): what a
 * screen reader says, in the pages, the lightbox, the feed and shared links; or the decorative
 * mark, which serves it with an empty alt on purpose. Publishing needs one or the other.
 */
export function PictureDescription({
  id,
  name,
  subject,
  alt,
  decorative,
  onAlt,
  onDecorative,
  error,
}: PictureDescriptionProps) {
  // Not "Description": the forms have a field of that name, and the labels must stay apart.
  const label = subject ? `What ${subject.toLowerCase()} shows` : "What the picture shows";
  return (
    <div className="space-y-2">
      <TextInput
        id={id}
        name={name ?? id}
        label={label}
        value={alt}
        maxLength={IMAGE_ALT_MAX}
        disabled={decorative}
        onChange={(event) => onAlt(event.target.value)}
        error={error}
        hint="What the picture shows, in a sentence, for people who cannot see it. Needed to publish."
      />
      <label htmlFor={`${id}-decorative`} className="flex items-center gap-2 text-sm text-ink">
        <input
          id={`${id}-decorative`}
          type="checkbox"
          checked={decorative}
          onChange={(event) => onDecorative(event.target.checked)}
        />
        Decorative: it shows nothing the text does not already say
      </label>
    </div>
  );
}
