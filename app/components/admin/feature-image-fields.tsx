import type { StoredImage } from "../../../core/media/media.schema";
import { BlurEditor } from "./blur-editor";
import { ConsentFields, type ConsentValue, consentErrors, consentPayload, NO_CONSENT } from "./consent-fields";
import { ImageField } from "./image-field";
import { PictureDescription } from "./picture-description";
import { UnpreparedPictureList, useUnpreparedPictures } from "./unprepared-pictures";

interface FeatureImageFieldsProps {
  /** "blog" or "publication": the fields' ids start with it. */
  idPrefix: string;
  label: string;
  /** The saved item's id; absent while creating. */
  itemId?: string;
  /** The stored picture's address; absent while creating. */
  currentUrl?: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The picture's description and the decorative mark ("true"/"false"), as the form sends them. */
  description: { imageAlt: string; imageDecorative: string };
  onDescription: (change: { imageAlt?: string; imageDecorative?: string }) => void;
  consent: ConsentValue;
  onConsent: (value: ConsentValue) => void;
  /** Where to go once the consent was withdrawn (the item is unpublished and its picture deleted). */
  onWithdrawn: () => void;
  onBlurred: (image: StoredImage) => void;
  errors: Record<string, string>;
}

/**
 * The one picture of a blog post or a publication, with everything staff decide about it: the file,
 * what it shows (docs/decisions/0770), faces blurred, the consent of the people in it, and a line
 * with "Try again" when its smaller sizes could not be made (docs/decisions/0730).
 */
export function FeatureImageFields({
  idPrefix,
  label,
  itemId,
  currentUrl,
  file,
  onFile,
  description,
  onDescription,
  consent,
  onConsent,
  onWithdrawn,
  onBlurred,
  errors,
}: FeatureImageFieldsProps) {
  const unprepared = useUnpreparedPictures(itemId ?? "");
  const stored = currentUrl && !file ? currentUrl : undefined;
  return (
    <>
      <ImageField
        id={`${idPrefix}-image`}
        name="image"
        label={label}
        currentUrl={currentUrl}
        file={file}
        onFile={(chosen) => {
          onFile(chosen);
          onConsent(NO_CONSENT);
        }}
        error={errors.image}
        hint={itemId ? "Choose a new file only to replace the current image." : "JPEG, PNG, WebP or AVIF, up to 15 MB."}
      />
      {stored && <UnpreparedPictureList {...unprepared} />}
      <PictureDescription
        id={`${idPrefix}-imageAlt`}
        alt={description.imageAlt}
        decorative={description.imageDecorative === "true"}
        onAlt={(imageAlt) => onDescription({ imageAlt })}
        onDecorative={(decorative) => onDescription({ imageDecorative: decorative ? "true" : "false" })}
        error={errors.imageAlt}
      />
      {stored && <BlurEditor id={`${idPrefix}-blur`} imageUrl={stored} onApplied={onBlurred} />}
      <ConsentFields
        id={`${idPrefix}-consent`}
        subject="this image"
        value={consent}
        onChange={onConsent}
        withdraw={stored ? { imageUrl: stored, onWithdrawn } : undefined}
        errors={consentErrors(errors, "imageConsent")}
      />
    </>
  );
}

/** Adds a newly chosen feature image and its consent (when one was given) to an item's upload. */
export function appendFeatureImage(body: FormData, file: File | null, consent: ConsentValue) {
  if (file) body.append("image", file);
  const sentConsent = consentPayload(consent);
  if (sentConsent) body.append("imageConsent", JSON.stringify(sentConsent));
}
