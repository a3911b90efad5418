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
  /**
   * The description the Amharic pages read (docs/decisions/0883-amharic-picture-descriptions.md),
   * for items with an Amharic version; the field is absent without it.
   */
  amharic?: { name: string; value: string; onChange: (alt: string) => void; error?: string | undefined };
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
  amharic,
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
      {amharic && (
        // Worded apart from the English label and the form's "Description", which labels find by part.
        <TextInput
          id={`${id}-am`}
          name={amharic.name}
          lang="am"
          label={
            subject ? `${subject.charAt(0).toUpperCase()}${subject.slice(1)} in Amharic` : "The picture in Amharic"
          }
          value={amharic.value}
          maxLength={IMAGE_ALT_MAX}
          disabled={decorative}
          onChange={(event) => amharic.onChange(event.target.value)}
          error={amharic.error}
          hint="The same description in Amharic, for the Amharic pages. Optional: left empty, they use the English one."
        />
      )}
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
