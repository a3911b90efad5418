import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useNavigate, useParams } from "react-router";
import {
  GALLERY_CATEGORIES,
  GALLERY_MESSAGES,
  GalleryInputSchema,
  type GalleryItem,
  MAX_GALLERY_IMAGES,
} from "../../../core/gallery/gallery.schema";
import { BlurEditor } from "../../components/admin/blur-editor";
import {
  ConsentFields,
  type ConsentValue,
  consentErrors,
  consentPayload,
  NO_CONSENT,
  recordedConsent,
} from "../../components/admin/consent-fields";
import { focusFirstError, Select, TextArea, TextInput } from "../../components/admin/form-controls";
import { ImagePicker } from "../../components/admin/image-picker";
import { PictureDescription } from "../../components/admin/picture-description";
import { ItemFormEnd, itemFormData, stateValues } from "../../components/admin/publishing";
import { TranslationSection } from "../../components/admin/translation-section";
import { UnpreparedPictureList, useUnpreparedPictures } from "../../components/admin/unprepared-pictures";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, apiUpload, errorMessage } from "../../lib/api-client";
import { validateForm } from "../../lib/validate-form";

export const meta = () => adminMeta("Gallery item");

interface Description {
  alt: string;
  /** For the Amharic pages (docs/decisions/0883-amharic-picture-descriptions.md). */
  altAm: string;
  decorative: boolean;
}
const UNDESCRIBED: Description = { alt: "", altAm: "", decorative: false };

interface Values {
  title: string;
  description: string;
  category: string;
  eventDate: string;
  status: string;
  publishAt: string;
}
const EMPTY: Values = { title: "", description: "", category: "", eventDate: "", ...stateValues(null) };

function validate(values: Values, files: File[], creating: boolean): Record<string, string> {
  const { errors = {} } = validateForm(GalleryInputSchema, values);
  if (creating && files.length === 0) errors.images = GALLERY_MESSAGES.imagesRequired;
  if (files.length > MAX_GALLERY_IMAGES) errors.images = GALLERY_MESSAGES.tooManyImages;
  return errors;
}

/** New and edit are one screen (spec §4 Admin forms): edit when the URL has an id. */
export default function GalleryForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const formElement = useRef<HTMLFormElement>(null);
  const form = useAdminForm("gallery", EMPTY, (current) => validate(current, files, !id));
  const { values, setValues, errors, setErrors, field } = form;
  const [files, setFiles] = useState<File[]>([]);
  const [existing, setExisting] = useState<string[]>([]);
  // One consent per image shown (the new files, else the current images), in their order.
  const [consents, setConsents] = useState<ConsentValue[]>([]);
  useEffect(() => {
    if (files.length > 0) {
      setConsents(files.map(() => NO_CONSENT));
      return;
    }
    let stale = false;
    Promise.all(existing.map(recordedConsent)).then((loaded) => {
      if (!stale) setConsents(loaded);
    });
    return () => {
      stale = true;
    };
  }, [files, existing]);
  // One description per image shown, in their order (docs/decisions/0770-every-picture-described.md).
  const [descriptions, setDescriptions] = useState<Description[]>([]);
  const describe = (index: number, change: Partial<Description>) =>
    setDescriptions((current) =>
      Array.from({ length: Math.max(current.length, index + 1) }, (_, i) => ({
        ...(current[i] ?? UNDESCRIBED),
        ...(i === index ? change : {}),
      })),
    );
  const [processing, setProcessing] = useState(false);
  const unprepared = useUnpreparedPictures(id ?? "");
  const [loading, setLoading] = useState(Boolean(id));
  const [progress, setProgress] = useState<number | null>(null);
  const [published, setPublished] = useState(false);

  useEffect(() => {
    if (!id) return;
    api<GalleryItem>(`/api/admin/gallery/${id}`)
      .then((item) => {
        setValues({
          title: item.title,
          description: item.description,
          category: item.category,
          eventDate: item.eventDate,
          ...stateValues(item),
        });
        setPublished(item.status === "published");
        setExisting(item.imageUrls);
        setDescriptions(
          item.imageUrls.map((_, index) => ({
            alt: item.imageAlts[index] ?? "",
            altAm: item.imageAltsAm?.[index] ?? "",
            decorative: item.imageDecoratives[index] ?? false,
          })),
        );
        setProcessing(item.images.some((image) => image.processing));
        setLoading(false);
      })
      .catch(() => {
        toast.error("Failed to load gallery item.");
        navigate("/admin/gallery", { replace: true });
      });
  }, [id, navigate, setValues]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values, files, !id);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formElement.current, found);
      return;
    }
    const body = itemFormData(event, values);
    for (const file of files) body.append("images", file, file.name);
    const shown = Array.from({ length: files.length || existing.length }, (_, i) => descriptions[i] ?? UNDESCRIBED);
    body.append("imageAlts", JSON.stringify(shown.map((picture) => picture.alt)));
    body.append("imageAltsAm", JSON.stringify(shown.map((picture) => picture.altAm)));
    body.append("imageDecoratives", JSON.stringify(shown.map((picture) => picture.decorative)));
    const sentConsents = consents.map(consentPayload);
    if (sentConsents.some(Boolean)) body.append("imageConsents", JSON.stringify(sentConsents));
    setProgress(0);
    try {
      await apiUpload(id ? `/api/gallery/${id}` : "/api/gallery", body, {
        method: id ? "PUT" : "POST",
        onProgress: setProgress,
      });
      toast.success(id ? "Gallery item updated!" : "Gallery item created!");
      navigate("/admin/gallery");
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirstError(formElement.current, error.fields);
      }
      toast.error(errorMessage(error, "Operation failed. Please try again."));
      setProgress(null);
    }
  }

  if (loading) return <p className="text-muted">Loading gallery item...</p>;
  const saving = progress !== null;

  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold">{id ? "Edit Gallery Item" : "New Gallery Item"}</h1>
      <form
        ref={formElement}
        onSubmit={onSubmit}
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-gray-200 bg-white p-5 sm:p-6"
      >
        <TextInput {...field("title")} label="Title" />
        <TextArea {...field("description")} label="Description" rows={4} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Select
            {...field("category")}
            label="Category"
            placeholder="Select a category"
            options={GALLERY_CATEGORIES}
          />
          <TextInput {...field("eventDate")} label="Date of event" type="date" />
        </div>
        <ImagePicker
          id="gallery-images"
          label="Images"
          files={files}
          onChange={(chosen) => {
            setFiles(chosen);
            setDescriptions([]);
          }}
          existing={existing}
          error={errors.images}
          hint={
            id
              ? "New images will replace all existing images of this item."
              : `Up to ${MAX_GALLERY_IMAGES} images; the first one is the cover.`
          }
        />
        {consents.map((consent, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one block per image position, in order
          <div key={index} className="space-y-3">
            {files.length === 0 && existing[index] && (
              <BlurEditor
                id={`gallery-blur-${index}`}
                imageUrl={existing[index]}
                onApplied={(image) =>
                  setExisting((current) => current.map((url, i) => (i === index ? image.url : url)))
                }
              />
            )}
            <PictureDescription
              id={`gallery-imageAlt-${index}`}
              name={`imageAlts.${index}`}
              subject={consents.length > 1 ? `image ${index + 1}` : undefined}
              alt={descriptions[index]?.alt ?? ""}
              decorative={descriptions[index]?.decorative ?? false}
              onAlt={(alt) => describe(index, { alt })}
              onDecorative={(decorative) => describe(index, { decorative })}
              error={errors[`imageAlts.${index}`]}
              amharic={{
                name: `imageAltsAm.${index}`,
                value: descriptions[index]?.altAm ?? "",
                onChange: (altAm) => describe(index, { altAm }),
                error: errors[`imageAltsAm.${index}`],
              }}
            />
            <ConsentFields
              id={`gallery-consent-${index}`}
              subject={consents.length > 1 ? `image ${index + 1}` : "this image"}
              value={consent}
              onChange={(value) => setConsents((current) => current.map((c, i) => (i === index ? value : c)))}
              withdraw={
                files.length === 0 && existing[index]
                  ? { imageUrl: existing[index], onWithdrawn: () => navigate("/admin/gallery") }
                  : undefined
              }
              errors={{
                ...consentErrors(errors, `imageConsents.${index}`),
                basis: errors[`images.${index}`] ?? (consents.length === 1 ? errors.image : undefined),
              }}
            />
          </div>
        ))}
        <UnpreparedPictureList {...unprepared} />
        {processing && unprepared.pictures.length === 0 && (
          <p data-processing className="text-sm text-amber-900">
            Processing images: their smaller sizes are still being made, and the site shows the full-size images
            meanwhile.
          </p>
        )}
        {saving && (
          <div>
            <p className="text-sm text-muted" id="gallery-progress-label">
              {progress < 1 ? `Uploading... ${Math.round(progress * 100)}%` : "Processing images..."}
            </p>
            <progress
              aria-labelledby="gallery-progress-label"
              max={1}
              value={progress}
              className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand"
            />
          </div>
        )}
        <ItemFormEnd
          area="gallery"
          id={id}
          form={form}
          published={published}
          saving={saving}
          submitLabel={id ? "Update Item" : "Create Item"}
        />
      </form>
      <TranslationSection kind="gallery-item" id={id} idPrefix="gallery" />
    </div>
  );
}
